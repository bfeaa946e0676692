// LI.FI Widget, the minimal page its README gives: <LiFiWidget integrator> in a React root, no wallet provider, no config.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { LiFiWidget } from '@lifi/widget';

createRoot(document.getElementById('widget')).render(createElement(LiFiWidget, { integrator: 'bench', config: { variant: 'compact' } }));
