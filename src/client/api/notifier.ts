/**
 * How the request layer tells the user something. The shell installs antd's message API from its
 * App context (so messages follow the theme); until then, and in tests, nothing is shown.
 */
export interface Notifier {
  error(text: string, key?: string): void;
  warning(text: string, key?: string): void;
  success(text: string, key?: string): void;
}

const quiet: Notifier = { error() {}, warning() {}, success() {} };
let current: Notifier = quiet;

export function setNotifier(next: Notifier | null): void {
  current = next ?? quiet;
}

export const notify: Notifier = {
  error: (text, key) => current.error(text, key),
  warning: (text, key) => current.warning(text, key),
  success: (text, key) => current.success(text, key),
};
