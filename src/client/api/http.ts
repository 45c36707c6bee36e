/**
 * The one request layer of the browser (umi-request). Every call the app makes goes through here:
 * subAct on every call, the Authorization token, the CSRF header, trimmed strings, the envelope.
 *
 * Contract used by the rest of the client:
 *   http.post<T>(path, body?, options?) → resolves with envelope.data, rejects with ApiError
 *   http.get<T>(path, params?, options?)
 *   path is relative to the API root ('sys/login', 'resource/announcement/list').
 *   options.form: send application/x-www-form-urlencoded; options.silent: no loading indicator
 *   and no error toast (caller shows its own); options.root: 'api' (default) | 'sso' | 'fileserver'.
 */
export {};
