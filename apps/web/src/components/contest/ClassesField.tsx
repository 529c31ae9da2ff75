import { Form, Select } from 'antd';

/** One class the author may restrict a contest to. */
export interface ClassOption {
  value: number;
  label: string;
}

/**
 * 限定班级 (issue 27 part 3, docs/classes.md): the form's `class_ids`. A contest with classes is a
 * 班级比赛: only their members register, outsiders never read its problems or board. Hidden when
 * the author has no class to offer (the wizard offers the classes they teach or assist, the
 * management site every class).
 */
export default function ClassesField({ options }: { options: ClassOption[] }) {
  if (!options.length) return null;
  return (
    <Form.Item
      name="class_ids"
      label="限定班级"
      extra="选择后为班级比赛：只有这些班级的成员可以报名，非成员看不到题目和排名"
    >
      <Select
        mode="multiple"
        allowClear
        placeholder="不限（所有人都可以报名）"
        options={options}
        optionFilterProp="label"
        data-testid="contest-classes"
      />
    </Form.Item>
  );
}
