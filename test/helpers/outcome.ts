// The one reading of the overlay's delivery outcome in a browser test: the `data-gb-outcome` attribute of the
// element that shows the player how the report went (the outcome's state), or null before there is one.
import type { Locator, Page } from 'playwright-core';

export const OUTCOME = '[data-gb-outcome]';

export const outcome = (where: Page | Locator) => where.locator(OUTCOME).getAttribute('data-gb-outcome');
