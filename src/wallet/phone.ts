/**
 * Phones and tablets, where wallets are apps rather than extensions: the
 * chooser offers them as apps there (WalletConnect's pairing links, or a
 * wallet app's own browser). Its own module, because the chooser reads the
 * rule on every page while the wallet apps' table is fetched only on a phone
 * that needs it (./wallet-apps.ts).
 */

/** What the browser says about the device (`navigator`), as far as the rule below reads it. */
export interface DeviceHints {
  userAgent: string;
  maxTouchPoints?: number | undefined;
  /** `navigator.userAgentData.mobile` (Chromium), when the browser gives it. */
  mobile?: boolean | undefined;
}

/**
 * Whether the page runs on a phone or tablet, where wallets are apps rather
 * than extensions: the browser's own word where it gives one (Chromium's
 * `userAgentData.mobile`), else Android, iPhone, iPod and iPad in the user
 * agent, and an iPad that asks for the desktop site (it says Macintosh but
 * has a touch screen).
 */
export function onPhone({ userAgent, maxTouchPoints = 0, mobile }: DeviceHints): boolean {
  if (mobile) return true;
  if (/Android|iPhone|iPod|iPad/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** This browser's hints (`navigator`), for `onPhone`. */
export function thisDevice(): DeviceHints {
  const { userAgent, maxTouchPoints } = navigator;
  return { userAgent, maxTouchPoints, mobile: (navigator as { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile };
}
