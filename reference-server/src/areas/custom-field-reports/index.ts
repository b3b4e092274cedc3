// Custom-field reports area: the Unity plugin's field check and the per-value aggregation.
import type { Area } from '../area.ts';
import { customFieldReportRoutes } from './routes.ts';

export const customFieldReportsArea: Area = { routes: customFieldReportRoutes };
