// @vitest-environment jsdom
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import './index.js';
// The widgets the client modules register too, as main.tsx has them.
import '../../modules/index.js';
import { getWidget, hasWidget, registerWidget, widgetComponents, widgetNames } from './registry.js';

describe('widget registry', () => {
  it('registers exactly the widgets schemas may name (src/shared/schema/widgetNames.ts)', () => {
    expect(widgetNames()).toEqual([...WIDGET_NAMES].sort());
  });
  it('gives Formily the layout pieces too', () => {
    expect(Object.keys(widgetComponents())).toEqual(
      expect.arrayContaining(['FormItem', 'FormGrid', 'Section', 'StepPane', 'Input']),
    );
    expect(hasWidget('FormItem')).toBe(false);
  });
  it('takes a new widget with one call, and takes it out with the call it returns', () => {
    const Custom = () => null;
    const unregister = registerWidget('CustomProbe', Custom);
    expect(getWidget('CustomProbe')).toBe(Custom);
    expect(() => registerWidget('bad-name', Custom)).toThrow(/PascalCase/);
    unregister();
    expect(hasWidget('CustomProbe')).toBe(false);
    expect(widgetNames()).toEqual([...WIDGET_NAMES].sort());
  });
});
