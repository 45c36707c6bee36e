/**
 * Names a schema may give in `widget` (form fields and filters). The server's schemas:check refuses
 * any other name; the client's widget registry test asserts it registers exactly these, so the two
 * lists cannot drift apart. Adding a widget: one file in src/client/runtime/widgets, one registry
 * line, and its name here.
 */
export const WIDGET_NAMES = [
  'Input',
  'TextArea',
  'Password',
  'NumberPicker',
  'Select',
  'Radio',
  'Checkbox',
  'Switch',
  'DatePicker',
  'DateTimePicker',
  'DateRangePicker',
  'RichText',
  'Upload',
  // An editable table of a json list field (members, phases); a masked ID / mobile input.
  'ArrayTable',
  'MaskedInput',
  // Unit picker over the school entity; fills declareDept / orgCode (props.fill) on choice.
  'SchoolSelect',
  // Read-only widgets: a dictionary label, a workflow status tag, a list of stored files.
  'DictText',
  'StatusTag',
  'FileList',
  // A record of another entity picked by id (a change request's topic).
  'RecordSelect',
  // A list of user ids chosen from a search the server limits to whom the caller may see.
  'PersonPicker',
  // A watch-duty shift, offered from the site settings' shifts (tKeepWatchShift/selectShiftKeyAndValue).
  'WatchShiftSelect',
  // Visitor forms (sign-up): a new password with its rule ticked off as typed, an SMS code with its
  // send button (props.sendTo, props.mobileField), a picture captcha (props.source, props.idField).
  'PasswordRule',
  'SmsCode',
  'Captcha',
  // An expert's score sheet of a review task (criteria, total, recommendation, comment, the documents).
  'ScoreSheet',
  // The discussion of a reviewed record among its submitted experts and the batch's organisers.
  'ReviewDiscussion',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
