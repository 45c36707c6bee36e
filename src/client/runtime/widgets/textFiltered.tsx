import type { ComponentType } from 'react';
import { filterText } from '../../../shared/textFilter.js';

type Changing = { onChange?: (...args: never[]) => void };

/**
 * A text widget with the SPEC §5 input filter when the schema flags the field (`textFilter`, handed
 * on by formSchema): emoji and other disallowed characters never reach the value as typed or
 * pasted. Without the flag the widget is the same as the one wrapped.
 */
export function withTextFilter<P extends Changing>(
  Inner: ComponentType<P>,
): ComponentType<P & { textFilter?: boolean }> {
  function Filtered({ textFilter, ...rest }: P & { textFilter?: boolean }) {
    const props = rest as unknown as P;
    if (!textFilter) return <Inner {...props} />;
    const onChange = props.onChange as ((value: unknown) => void) | undefined;
    const filtered = (e: unknown) => {
      const raw = e && typeof e === 'object' && 'target' in e ? (e as { target: { value?: unknown } }).target.value : e;
      onChange?.(typeof raw === 'string' ? filterText(raw) : raw);
    };
    return <Inner {...props} onChange={filtered as P['onChange']} />;
  }
  Filtered.displayName = `TextFiltered(${Inner.displayName ?? Inner.name ?? 'Widget'})`;
  return Filtered;
}
