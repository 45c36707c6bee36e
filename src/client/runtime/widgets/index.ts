/**
 * The widget registrations: one import and one line per widget. A schema names a widget by the
 * string given here ("widget": "RichText").
 */
import { FormItem } from '@formily/antd-v5';
import { FormGrid } from './FormGrid.js';
import { registerLayout, registerWidget } from './registry.js';
import { CopyableFormItem } from './CopyableFormItem.js';
import { Input } from './Input/Input.js';
import { TextArea } from './TextArea/TextArea.js';
import { NumberPicker } from './NumberPicker/NumberPicker.js';
import { Select } from './Select/Select.js';
import { Radio } from './Radio/Radio.js';
import { Checkbox } from './Checkbox/Checkbox.js';
import { DatePicker } from './DatePicker/DatePicker.js';
import { DateTimePicker } from './DateTimePicker/DateTimePicker.js';
import { DateRangePicker } from './DateRangePicker/DateRangePicker.js';
import { Password } from './Password/Password.js';
import { Switch } from './Switch/Switch.js';
import { RichText } from './RichText/RichText.js';
import { DictText } from './DictText/DictText.js';
import { StatusTag } from './StatusTag/StatusTag.js';
import { FileList } from './FileList/FileList.js';
import { Upload } from './Upload/Upload.js';
import { RecordSelect } from './RecordSelect/RecordSelect.js';
import { SchoolSelect } from './SchoolSelect/SchoolSelect.js';
import { PersonPicker } from './PersonPicker/PersonPicker.js';
import { WatchShiftSelect } from './WatchShiftSelect/WatchShiftSelect.js';
import { Section } from './Section.js';
import { StepPane } from './StepPane.js';
import { ArrayTable } from './ArrayTable/ArrayTable.js';
import { MaskedInput } from './MaskedInput/MaskedInput.js';
import { PasswordRule } from './PasswordRule/PasswordRule.js';
import { SmsCode } from './SmsCode/SmsCode.js';
import { Captcha } from './Captcha/Captcha.js';

// Layout
registerLayout('FormItem', FormItem);
registerLayout('CopyableFormItem', CopyableFormItem);
registerLayout('FormGrid', FormGrid);
registerLayout('Section', Section);
registerLayout('StepPane', StepPane);
// Fields
registerWidget('Input', Input);
registerWidget('TextArea', TextArea);
registerWidget('NumberPicker', NumberPicker);
registerWidget('Select', Select);
registerWidget('Radio', Radio);
registerWidget('Checkbox', Checkbox);
registerWidget('DatePicker', DatePicker);
registerWidget('DateTimePicker', DateTimePicker);
registerWidget('DateRangePicker', DateRangePicker);
registerWidget('Password', Password);
registerWidget('Switch', Switch);
registerWidget('RichText', RichText);
registerWidget('DictText', DictText);
registerWidget('StatusTag', StatusTag);
registerWidget('FileList', FileList);
registerWidget('Upload', Upload);
registerWidget('RecordSelect', RecordSelect);
registerWidget('SchoolSelect', SchoolSelect);
registerWidget('PersonPicker', PersonPicker);
registerWidget('WatchShiftSelect', WatchShiftSelect);
registerWidget('ArrayTable', ArrayTable);
registerWidget('MaskedInput', MaskedInput);
registerWidget('PasswordRule', PasswordRule);
registerWidget('SmsCode', SmsCode);
registerWidget('Captcha', Captcha);

export { registerWidget, registerLayout, getWidget, hasWidget, widgetNames } from './registry.js';
