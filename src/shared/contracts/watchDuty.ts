/**
 * The watch duty module's calls (SPEC §7; src/server/modules/watchDuty/watchDutyRoutes.ts serves
 * them): the shifts of the site settings (the WatchShiftSelect widget's options) and the duty token
 * of the duty feature, naming who is on duty today.
 */
import { contract } from './contract.js';

export interface WatchShift {
  key: string;
  value: string;
  startTime: string;
  endTime: string;
}

export interface OnDuty {
  date: string;
  shift: string;
  shiftName: string;
  userId: number;
  personName: string;
  /** Masked for everyone but administrators. */
  phone: string | null;
  note: string | null;
}

export interface WatchToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
  /** Today, yyyy-MM-dd. */
  date: string;
  onDuty: OnDuty[];
}

type Empty = Record<string, never>;

export const watchDutyCalls = {
  shifts: contract<Empty, WatchShift[]>('tKeepWatchShift/selectShiftKeyAndValue'),
  token: contract<Empty, WatchToken>('tKeepWatchPerson/getToken'),
} as const;
