import { Button, Col, Form, Input, Row } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';

/** A list of input / output pairs (samples, test data) edited as two text areas per row. */
export default function PairsEditor({
  name,
  label,
  max,
  addText,
  disabled,
  rows = 2,
}: {
  name: string;
  label: string;
  max: number;
  addText: string;
  disabled?: boolean;
  rows?: number;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Form.Item label={label}>
          {fields.map((f, i) => (
            <Row key={f.key} gutter={8} align="top">
              <Col span={11}>
                <Form.Item name={[f.name, 'input']}>
                  <Input.TextArea rows={rows} className="oj-mono" placeholder={`输入 #${i + 1}`} disabled={disabled} />
                </Form.Item>
              </Col>
              <Col span={11}>
                <Form.Item name={[f.name, 'output']}>
                  <Input.TextArea rows={rows} className="oj-mono" placeholder={`输出 #${i + 1}`} disabled={disabled} />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Button
                  type="text"
                  danger
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(f.name)}
                  aria-label={`删除第 ${i + 1} 组`}
                  disabled={disabled}
                />
              </Col>
            </Row>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ input: '', output: '' })}
            disabled={disabled || fields.length >= max}
          >
            {addText}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}
