/**
 * English, the slippage setting's part: the presets, the custom value and
 * what is said about it. Travels with the slippage-control chunk (the
 * settings gear's dialog and the full quote panel's row): the control adds
 * it when it is made, before it renders. ../en.ts joins the parts.
 */
export const enSettings = {
  'slippage.label': 'Max slippage',
  'slippage.custom': 'Custom',
  'slippage.customLabel': 'Custom slippage in percent',
  'slippage.invalid': 'Enter a percentage like 0.5',
  'slippage.tooHigh': 'Slippage must be below {max}',
  'slippage.tooLow': 'Slippage must be above {min}',
  'slippage.warn': 'Some providers reject slippage above {max}, fewer routes may be available',
};
