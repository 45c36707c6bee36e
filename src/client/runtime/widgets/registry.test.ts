// @vitest-environment jsdom
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import './index.js';
import { getWidget, hasWidget, registerWidget, widgetComponents, widgetNames } from './registry.js';

describe('widget registry', () => {
  it('registers every widget schemas may name, and no other (Upload comes from the file module)', () => {
    const names = widgetNames();
    expect(names.filter((n) => !(WIDGET_NAMES as readonly string[]).includes(n))).toEqual([]);
    expect(WIDGET_NAMES.filter((n) => n !== 'Upload' && !names.includes(n))).toEqual([]);
  });
  it('gives Formily the layout pieces too', () => {
    expect(Object.keys(widgetComponents())).toEqual(expect.arrayContaining(['FormItem', 'FormGrid', 'Section', 'StepPane', 'Input']));
    expect(hasWidget('FormItem')).toBe(false);
  });
  it('takes a new widget with one call', () => {
    const Custom = () => null;
    registerWidget('CustomProbe', Custom);
    expect(getWidget('CustomProbe')).toBe(Custom);
    expect(() => registerWidget('bad-name', Custom)).toThrow(/PascalCase/);
  });
});
