import { Select as FormilySelect } from '@formily/antd-v5';
import { observer } from '@formily/react';
import { useEffect, useState } from 'react';
import { watchDutyCalls } from '../../../../shared/contracts/watchDuty.js';
import { useRuntime } from '../../RuntimeContext.js';

/**
 * Picks a watch-duty shift. The shifts are site settings, not a dictionary, so the options come
 * from tKeepWatchShift/selectShiftKeyAndValue (SPEC §7) and show each shift's hours.
 */
export const WatchShiftSelect = observer(({ value, ...rest }: Record<string, unknown> & { value?: unknown }) => {
  const { dataProvider } = useRuntime();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    dataProvider
      .moduleCall(watchDutyCalls.shifts, {})
      .then((shifts) => {
        if (live) setOptions(shifts.map((s) => ({ value: s.key, label: `${s.value}（${s.startTime}-${s.endTime}）` })));
      })
      .catch(() => {
        /* the request layer has shown the error */
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [dataProvider]);

  return (
    <FormilySelect placeholder="请选择" {...rest} value={value ?? undefined} options={options} loading={loading} />
  );
});
