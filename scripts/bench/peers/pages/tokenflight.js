// TokenFlight, the minimal page its README gives: registerWidgetElement() and one <tokenflight-widget> in the markup, no wallet adapter.
import { registerWidgetElement } from '@tokenflight/swap/widget';

registerWidgetElement();
