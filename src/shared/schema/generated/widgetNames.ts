/**
 * Generated from the widget folders, through schemas/meta/common.schema.json ($defs/widget)
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/** Names a schema may give in `widget`; the runtime's widget registry registers exactly these. */
export const WIDGET_NAMES = [
  'ArrayTable',
  'Captcha',
  'Checkbox',
  'DatePicker',
  'DateRangePicker',
  'DateTimePicker',
  'DictText',
  'FileList',
  'Input',
  'MaskedInput',
  'NumberPicker',
  'Password',
  'PasswordRule',
  'PersonPicker',
  'Radio',
  'RecordSelect',
  'ReviewDiscussion',
  'RichText',
  'SchoolSelect',
  'ScoreSheet',
  'Select',
  'SimilarityReport',
  'SmsCode',
  'StatusTag',
  'Switch',
  'TextArea',
  'Upload',
  'WatchShiftSelect',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
