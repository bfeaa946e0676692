/**
 * <bridge-widget> in Vue 3: registered by `import 'bridge-widget'`, typed in
 * templates by `bridge-widget/vue`. The template is compiled in the browser
 * (the demo server aliases `vue` to its full build); in an SFC project set
 * `isCustomElement` in the Vue plugin's `template.compilerOptions` instead.
 */
import 'bridge-widget';
import type {} from 'bridge-widget/vue';
import type { BridgeQuoteDetail } from 'bridge-widget';
import { createApp, markRaw, ref } from 'vue';
import { PRESETS, describeQuote, startFrameworkPage } from '../shared/framework-page.js';

const page = await startFrameworkPage();
if (page) {
  const app = createApp({
    setup() {
      const count = ref(0);
      const quote = ref('Vue is waiting for bridge-quote…');
      const onQuote = (event: CustomEvent<BridgeQuoteDetail>) => {
        count.value++;
        quote.value = describeQuote('Vue', count.value, event.detail);
      };
      // markRaw: hand the widget the wallet itself, not a reactive proxy of it.
      return { proxyUrl: page.config.proxyUrl, presets: PRESETS, wallet: markRaw(page.wallet), quote, onQuote };
    },
    template: `
      <div class="widget-slot">
        <bridge-widget :proxy-url="proxyUrl" v-bind="presets" :provider="wallet" @bridge-quote="onQuote"></bridge-widget>
      </div>
      <p data-testid="framework-event" aria-live="polite">{{ quote }}</p>
    `,
  });
  app.config.compilerOptions.isCustomElement = (tag) => tag === 'bridge-widget';
  app.mount('#app');
}
