import Tip from '../../layout/Tip';
import { NativeSelect } from '../NativeSelect';
import {
  STANDARDS_OF,
  standardLabel,
  type Language,
  type LanguageOptions,
  type LanguageStandard,
} from '../../lib/contract';

interface Props {
  language: Language;
  options: LanguageOptions;
  onChange: (options: LanguageOptions) => void;
}

/** C and C++: the language standard and the O2 switch of the next submission (nothing for the others). */
export default function LanguageOptionsPicker({ language, options, onChange }: Props) {
  const of = STANDARDS_OF[language];
  if (!of) return null;
  return (
    <>
      <NativeSelect<LanguageStandard>
        value={options.std ?? of.default}
        onChange={(std) => onChange({ ...options, std })}
        style={{ width: 100 }}
        options={of.standards.map((s) => ({ value: s, label: standardLabel(s) }))}
        aria-label="语言标准"
        data-testid="std-select"
      />
      <Tip wide title="开启后以 -O2 编译（默认开启）">
        <label className="oj-check">
          <input
            type="checkbox"
            checked={options.o2 ?? true}
            onChange={(e) => onChange({ ...options, o2: e.target.checked })}
            data-testid="o2-switch"
          />
          O2 优化
        </label>
      </Tip>
    </>
  );
}
