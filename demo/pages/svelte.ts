/** Mounts BridgeDemo.svelte once `import 'bridge-widget'` has registered the element. */
import 'bridge-widget';
// Types <bridge-widget> in BridgeDemo.svelte's template for svelte-check and editors.
import type {} from 'bridge-widget/svelte';
import { mount } from 'svelte';
import BridgeDemo from './BridgeDemo.svelte';
import { startFrameworkPage } from '../shared/framework-page.js';

const page = await startFrameworkPage();
if (page) mount(BridgeDemo, { target: document.getElementById('app')!, props: { proxyUrl: page.config.proxyUrl, wallet: page.wallet } });
