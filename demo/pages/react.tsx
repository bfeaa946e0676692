/**
 * <bridge-widget> in React 19: registered by `import 'bridge-widget'`, typed
 * in JSX by `bridge-widget/react`. React 19 sets `provider` as a property and
 * adds `onbridge-quote` as a listener for the `bridge-quote` event.
 */
import 'bridge-widget';
import type {} from 'bridge-widget/react';
import type { Eip1193Provider } from 'bridge-widget';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PRESETS, describeQuote, startFrameworkPage } from '../shared/framework-page.js';

function Bridge({ proxyUrl, wallet }: { proxyUrl: string; wallet: Eip1193Provider }) {
  const [quote, setQuote] = useState('React is waiting for bridge-quote…');
  const [count, setCount] = useState(0);
  return (
    <>
      <div className="widget-slot">
        <bridge-widget
          proxy-url={proxyUrl}
          {...PRESETS}
          provider={wallet}
          onbridge-quote={(event) => {
            setCount(count + 1);
            setQuote(describeQuote('React', count + 1, event.detail));
          }}
        />
      </div>
      <p data-testid="framework-event" aria-live="polite">
        {quote}
      </p>
    </>
  );
}

const page = await startFrameworkPage();
if (page) createRoot(document.getElementById('app')!).render(<Bridge proxyUrl={page.config.proxyUrl} wallet={page.wallet} />);
