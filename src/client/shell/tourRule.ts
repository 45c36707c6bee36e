/** Tour shown only on home, for a logged-in user, when remindAgain of the current sub-system is not 1 (SPEC §4, §9). */
export function shouldShowTour(args: {
  onHome: boolean;
  loggedIn: boolean;
  remindAgain: number | string | null | undefined;
  loaded: boolean;
}): boolean {
  return args.onHome && args.loggedIn && args.loaded && Number(args.remindAgain ?? 0) !== 1;
}
