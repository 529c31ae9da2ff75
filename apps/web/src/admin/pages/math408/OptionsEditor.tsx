import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuestionType } from '../../../lib/contract';
import { MarkdownView } from '../../../components/MarkdownView';
import { optionKey, type QuestionFormValues } from './form';

const MAX_OPTIONS = 26;

/**
 * The options of a choice question, lettered by position, each with a preview of its math, and
 * the right answer picked among the letters (one for a single choice, any number for multiple).
 */
export default function OptionsEditor({ type }: { type: QuestionType }) {
  const options = Form.useWatch<QuestionFormValues['options'] | undefined>('options') ?? [];
  const letters = options.map((_, i) => optionKey(i));
  return (
    <>
      <Form.List
        name="options"
        rules={[
          {
            validator: async (_, value?: unknown[]) => {
              if (!value || value.length < 2) throw new Error('选择题至少 2 个选项');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label="选项" required>
            {fields.map((f, i) => (
              <div key={f.key} className="adm-m408-option" data-testid={`option-${optionKey(i)}`}>
                <b className="adm-m408-letter">{optionKey(i)}.</b>
                <Form.Item
                  name={[f.name, 'content']}
                  rules={[{ required: true, whitespace: true, message: `请填写选项 ${optionKey(i)}` }]}
                  style={{ flex: 1, marginBottom: 8 }}
                >
                  <Input placeholder="选项内容，可含公式 $…$" />
                </Form.Item>
                <div className="adm-m408-option-preview">
                  <MarkdownView text={options[i]?.content ?? ''} className="oj-inline-md" />
                </div>
                <Button
                  type="text"
                  danger
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(f.name)}
                  aria-label={`删除选项 ${optionKey(i)}`}
                />
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ content: '' })}
              disabled={fields.length >= MAX_OPTIONS}
              data-testid="add-option"
            >
              添加选项
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
      {type === 'single' ? (
        <Form.Item
          name="answer"
          label="正确答案（单选）"
          rules={[
            {
              validator: async (_, v?: string[]) => {
                if (v?.length !== 1) throw new Error('请选择一个正确答案');
              },
            },
          ]}
          getValueProps={(v?: string[]) => ({ value: v?.[0] })}
          normalize={(v: string) => [v]}
        >
          <Radio.Group options={letters.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      ) : (
        <Form.Item
          name="answer"
          label="正确答案（多选）"
          rules={[{ type: 'array', min: 1, message: '请至少选择一个正确答案' }]}
        >
          <Checkbox.Group options={letters.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      )}
    </>
  );
}
