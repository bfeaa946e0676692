/** Mounts BridgeDemo.svelte once `import 'bridge-widget'` has registered the element. */
import 'bridge-widget';
import { mount } from 'svelte';
import BridgeDemo from './BridgeDemo.svelte';
import { startFrameworkPage } from '../shared/framework-page.js';

const page = await startFrameworkPage();
if (page) mount(BridgeDemo, { target: document.getElementById('app')!, props: { proxyUrl: page.config.proxyUrl, wallet: page.wallet } });
