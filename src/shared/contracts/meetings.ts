/**
 * The meetings module's calls (src/server/modules/meetings/meetingRoutes.ts serves them): the person
 * picker's search and the names of chosen people (the PersonPicker widget makes them). The attendee
 * export (meeting/exportAttendees) is a file, not an answer, and stays outside.
 */
import { contract } from './contract.js';

/** Whom a search looks among: everybody, experts, project leaders, or leaders by their topic's name. */
export type PersonKind = 'all' | 'expert' | 'leader' | 'topic';

export interface PersonHit {
  userId: string;
  name: string;
  unit: string;
  roleName: string;
  /** For kind 'topic': the topic the person leads. */
  topicName?: string;
}

export const meetingCalls = {
  personSearch: contract<{ keyword?: string; kind?: PersonKind }, PersonHit[]>('person/search'),
  /** ids: user ids as digits. */
  personNames: contract<{ ids: string[] }, PersonHit[]>('person/names'),
} as const;
