// The crashes area owns POST /crashes/unreal/{token}: reading Unreal's compressed crash
// container and context, and turning a crash into a raw issue with its files attached.
import type { Area } from '../area.ts';
import { crashRoutes } from './routes.ts';

export const crashesArea: Area = { routes: crashRoutes };
