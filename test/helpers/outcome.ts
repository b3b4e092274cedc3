// The one reading of the overlay's delivery outcome in a browser test: the `data-gb-outcome` attribute of the
// element that shows the player how the report went (the outcome's state), or null before there is one.
import type { Locator, Page } from 'playwright-core';
import { inOverlay, type OverlayScope } from '../e2e/harness.ts';

export const OUTCOME = '[data-gb-outcome]';

/** A page is read in its overlay (`inOverlay`); a locator or scope (the plain fallback form) where it points. */
export const outcome = (where: Page | Locator | OverlayScope) =>
  ('mainFrame' in where ? inOverlay(where) : where).locator(OUTCOME).getAttribute('data-gb-outcome');
