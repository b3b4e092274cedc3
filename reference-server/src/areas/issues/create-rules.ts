// The caller-dependent rules of issue create: who may report, the Discord-styled refusals,
// the tester caps, releases by id/label/latest, the device from device_info or
// tested_on_device_id, and the reporter (signed-in, virtual, or the Discord id of the body).
import type { Deps } from '../../deps.ts';
import { forbidden, ServiceError, unprocessable } from '../../errors.ts';
import { countReporterIssuesSince, findDevice } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { findLatestPublishedRelease, findRelease, findReleaseByLabel } from '../releases/repository.ts';
import { findOrCreateVirtualUser } from '../projects-auth/users-repository.ts';
import { DISCORD_ID_PATTERN } from '../../../../widget/src/protocol/common.ts';
import { FLAG_REFUSALS, hasScope, requireTokenFlag, tokenHasFlag } from '../projects-auth/access.ts';
import { signedInUser, type Caller } from '../projects-auth/caller.ts';
import type { CreateInput } from './create-input.ts';
import { parseDeviceInfo } from './stand-ins.ts';
import type { Viewer } from './visibility.ts';
import { KNOWN_ERROR_SENTENCES } from '../../known-error-sentences.ts';

/** Project tokens need can_create_bug_report; otherwise a signed-in account is needed. */
export function assertMayReport(caller: Caller, project: ProjectRow): void {
  if (caller.token) {
    requireTokenFlag(caller, project, 'can_create_bug_report');
    return;
  }
  if (!signedInUser(caller)) throw forbidden(FLAG_REFUSALS.can_create_bug_report);
}

/** Refusals to the Discord bot read as a reply to the player (docs/api/issues.md#create-the-order-of-checks). */
export function discordStyled(error: unknown): unknown {
  if (error instanceof ServiceError && error.code === 'forbidden') {
    return new ServiceError('forbidden', `Sorry, I could not file this bug report: ${error.message}`, error.detail);
  }
  return error;
}

export const CAP_MESSAGES = {
  day: KNOWN_ERROR_SENTENCES.testerCapDay,
  week: KNOWN_ERROR_SENTENCES.testerCapWeek,
} as const;

/** Rolling 24-hour and 7-day caps per reporter in this project; the team is exempt. */
export function assertTesterCaps(
  deps: Pick<Deps, 'db' | 'clock'>,
  project: ProjectRow,
  viewer: Viewer,
  reporterId: number | null,
): void {
  if (viewer.team || reporterId === null) return;
  const now = deps.clock.now().getTime();
  if (
    project.tester_cap_24h !== null &&
    countReporterIssuesSince(deps.db, project.id, reporterId, new Date(now - 86_400_000).toISOString()) >=
      project.tester_cap_24h
  ) {
    throw unprocessable(CAP_MESSAGES.day);
  }
  if (
    project.tester_cap_7d !== null &&
    countReporterIssuesSince(deps.db, project.id, reporterId, new Date(now - 7 * 86_400_000).toISOString()) >=
      project.tester_cap_7d
  ) {
    throw unprocessable(CAP_MESSAGES.week);
  }
}

export interface ReleaseChoice {
  releaseId: number | null;
  createLabel: string | null;
  defaulted: boolean;
}

/** release_id, else release_label (new labels need the release-creation permission), else the latest. */
export function chooseRelease(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRow,
  input: CreateInput,
): ReleaseChoice {
  if (input.releaseId !== null) {
    // `latest`, the literal the list filter takes, names the latest release here too.
    if (input.releaseId === 'latest')
      return {
        releaseId: findLatestPublishedRelease(deps.db, project.id)?.id ?? null,
        createLabel: null,
        defaulted: false,
      };
    const id = /^(?:rel-)?(\d+)$/.exec(input.releaseId)?.[1];
    const release = id ? findRelease(deps.db, project.id, Number(id)) : undefined;
    if (!release) throw unprocessable(`Release ${JSON.stringify(input.releaseId)} does not exist in this project.`);
    return { releaseId: release.id, createLabel: null, defaulted: false };
  }
  if (input.releaseLabel !== null) {
    const release = findReleaseByLabel(deps.db, project.id, input.releaseLabel);
    if (release) return { releaseId: release.id, createLabel: null, defaulted: false };
    const allowed = caller.token
      ? tokenHasFlag(caller, 'can_create_release')
      : hasScope(deps, caller, project, 'project.releases.manage');
    // Exactly the live sentence: a client retries without release_label when it reads it.
    if (!allowed) throw forbidden(KNOWN_ERROR_SENTENCES.cannotCreateRelease);
    return { releaseId: null, createLabel: input.releaseLabel, defaulted: false };
  }
  return { releaseId: findLatestPublishedRelease(deps.db, project.id)?.id ?? null, createLabel: null, defaulted: true };
}

export interface DeviceChoice {
  /** Copy of an existing device (tested_on_device_id). */
  existing: { id: number; device_type: string; configuration: Record<string, unknown> } | null;
  /** A device to create from device_info. */
  parsed: { device_type: string; configuration: Record<string, unknown> } | null;
  warnings: string[];
}

export function chooseDevice(deps: Pick<Deps, 'db'>, caller: Caller, input: CreateInput): DeviceChoice {
  const choice: DeviceChoice = { existing: null, parsed: null, warnings: [] };
  if (input.testedOnDeviceId !== null) {
    const id = /^(?:dev-)?(\d+)$/.exec(input.testedOnDeviceId)?.[1];
    const device = id ? findDevice(deps.db, Number(id)) : undefined;
    // Only session or personal-access-token users who own the device (docs/api/issues.md, tested_on_device_id).
    const user = caller.scheme === 'personal_access_token' ? signedInUser(caller) : null;
    if (device && user && device.user_id === user.id) {
      choice.existing = {
        id: device.id,
        device_type: device.device_type,
        configuration: JSON.parse(device.configuration),
      };
    } else {
      choice.warnings.push(
        'issue[tested_on_device_id] was ignored: it works only for signed-in users who own the device.',
      );
    }
  }
  const info = input.deviceInfo;
  if (info && !choice.existing) {
    const parsed = info.value.trim() ? parseDeviceInfo(info.value) : null;
    if (parsed) choice.parsed = parsed;
    else if (info.mode === 'strict') {
      throw unprocessable(
        'issue[extras][device_info] could not be parsed: no OS, CPU, GPU or RAM was found (validation_mode strict).',
      );
    } else if (info.mode === 'loose' && info.value.trim()) {
      // Loose keeps the unparsed text as the device's configuration; optional drops it.
      choice.parsed = { device_type: 'unknown', configuration: { raw: info.value.trim().slice(0, 4096) } };
    }
  }
  return choice;
}

export interface ReporterChoice {
  userId: number | null;
  discordUserId: string | null;
  discordUsername: string | null;
  warnings: string[];
}

/**
 * The caller's user (real, or virtual from email, Discord id or submission token). The body's
 * discord_id counts only when the project enables it and the caller is an anonymous token user.
 */
export function chooseReporter(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  project: ProjectRow,
  input: CreateInput,
): ReporterChoice {
  const choice: ReporterChoice = {
    userId: caller.user?.id ?? null,
    discordUserId: null,
    discordUsername: null,
    warnings: [],
  };
  if (input.discordId === null && input.discordUsername === null) return choice;
  const honoured = project.discord_ids_for_issues === 1 && caller.token !== null && caller.user === null;
  if (!honoured || input.discordId === null || !DISCORD_ID_PATTERN.test(input.discordId)) {
    choice.warnings.push(
      'issue[discord_id] and issue[discord_username] were ignored: they count only for anonymous token users on ' +
        'projects that enable Discord ids.',
    );
    return choice;
  }
  const user = findOrCreateVirtualUser(deps.db, { discordId: input.discordId }, deps.clock.now().toISOString());
  return { ...choice, userId: user.id, discordUserId: input.discordId, discordUsername: input.discordUsername };
}
