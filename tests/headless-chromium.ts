/**
 * How the end-to-end tests and the benches run Debian's Chromium (`/usr/bin/chromium`; Playwright's
 * own browser downloads are not possible here). Debian ships the full browser, whose headless mode
 * still builds the browser's own interface: its omnibox popup is a WebUI page in a renderer of its
 * own, and it took 1.0–1.5 s of CPU during each page load measured on this 2-core machine (map bench,
 * session of 2026-11-26), competing with the page under test for the cores. Playwright's usual
 * headless browser (chromium-headless-shell) has no such interface; these switches leave it out
 * of Debian's too. Nothing the console does depends on them.
 */
export const CHROMIUM_EXECUTABLE = process.env['CHROMIUM'] ?? '/usr/bin/chromium';

export const HEADLESS_CHROMIUM_ARGS = [
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
