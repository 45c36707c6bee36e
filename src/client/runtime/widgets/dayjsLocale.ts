/**
 * dayjs in Chinese (month and weekday names, the week starting on Monday) for the date pickers,
 * the only part of the app that reads dates through dayjs: each picker widget imports this file, so
 * dayjs travels with them and not with the first load of pages that show no picker (the visitor's
 * home, the public lists).
 */
import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';

// Handed over, not named: the locale file registers itself on the dayjs it requires, which a
// bundler may keep apart from this one (the client tests' prebundled dependencies do).
dayjs.locale(zhCn);
