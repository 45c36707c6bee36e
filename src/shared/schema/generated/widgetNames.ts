/**
 * Generated from schemas/meta/common.schema.json ($defs/widget) by npm run schemas:types: edit the meta-schema, then
 * regenerate. Do not edit by hand.
 */

/** Names a schema may give in `widget`; the runtime's widget registry registers exactly these. */
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
  'ArrayTable',
  'MaskedInput',
  'SchoolSelect',
  'DictText',
  'StatusTag',
  'FileList',
  'RecordSelect',
  'PersonPicker',
  'WatchShiftSelect',
  'PasswordRule',
  'SmsCode',
  'Captcha',
  'ScoreSheet',
  'ReviewDiscussion',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
