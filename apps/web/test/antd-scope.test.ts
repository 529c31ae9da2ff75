import { describe, expect, it } from 'vitest';
import { usesAntd } from '../antd-scope';

// Which source files the build marks as needing antd's provider (antd-scope.ts). A file missed here
// would draw antd in English with the default theme; one marked wrongly would load antd's core.
describe('usesAntd', () => {
  it('counts imports and re-exports of antd and its parts, static or dynamic', () => {
    expect(usesAntd("import { Table } from 'antd';")).toBe(true);
    expect(usesAntd("import Table from 'antd/es/table';")).toBe(true);
    expect(usesAntd('import {\n  Modal,\n  type ModalProps,\n} from "antd";')).toBe(true);
    expect(usesAntd("import zhCN from 'antd/es/locale/zh_CN';")).toBe(true);
    expect(usesAntd("export { Button } from 'antd';")).toBe(true);
    expect(usesAntd("const Result = lazyScoped(() => import('antd/es/result'));")).toBe(true);
  });

  it('does not count type-only imports, icons, or text that merely names antd', () => {
    expect(usesAntd("import type { TableProps } from 'antd';")).toBe(false);
    expect(usesAntd("import { type FormInstance, type Rule } from 'antd';")).toBe(false);
    expect(usesAntd("import { SearchOutlined } from '@ant-design/icons';")).toBe(false);
    expect(usesAntd("import x from 'antd-mobile';")).toBe(false);
    expect(usesAntd("// the look of antd's Table\nconst name = 'antd';")).toBe(false);
  });
});
