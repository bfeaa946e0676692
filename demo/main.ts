/**
 * The main demo page: `<bridge-widget>` against the local sandbox, signing with
 * the development wallet, with levers for wallet behaviour and sandbox faults.
 */
import { startDemoPage } from './shared/demo-page.js';

void startDemoPage({ status: 'status', eventLog: 'event-log', wallet: 'wallet', faults: 'faults', deposit: 'deposit', widget: 'widget' });
