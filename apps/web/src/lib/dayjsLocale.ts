// dayjs in Chinese (month and week-day names, weeks from Monday) for antd's date pickers, which
// read dayjs' global locale. Imported by the modules that show one: the locale and dayjs stay out
// of every page's first load (Providers used to set it, ~3 KB brotli on every route, issue 28).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');
