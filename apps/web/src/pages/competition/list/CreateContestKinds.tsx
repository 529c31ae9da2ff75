import { Col, Modal, Row } from 'antd';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import { CalculatorOutlined, CodeOutlined, DesktopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

const KINDS = [
  {
    type: 1,
    title: '编程比赛',
    text: '从算法题库选题，ICPC 规则实时排名',
    icon: <CodeOutlined />,
    path: '/competition/user/add/1/info',
  },
  {
    type: 2,
    title: '数学比赛',
    text: '高等数学、线性代数、概率论的选择题与解答题',
    icon: <CalculatorOutlined />,
    path: '/competition/user/add/2',
  },
  {
    type: 3,
    title: '408 比赛',
    text: '数据结构、组成原理、操作系统、计算机网络',
    icon: <DesktopOutlined />,
    path: '/competition/user/add/3',
  },
] as const;

/** 创建比赛's dialog: the three kinds, each opening its creation page (loaded at the first 创建比赛). */
export default function CreateContestKinds({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal open={open} title="创建比赛：选择比赛类型" footer={null} onCancel={onClose} width={720}>
      <Row gutter={[12, 12]} data-testid="create-kinds">
        {KINDS.map((k) => (
          <Col key={k.type} xs={24} sm={8}>
            <Card
              hoverable
              role="button"
              tabIndex={0}
              onClick={() => navigate(k.path)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && navigate(k.path)}
              data-testid={`create-kind-${k.type}`}
              style={{ height: '100%' }}
            >
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {k.icon} {k.title}
              </Typography.Title>
              <Typography.Text type="secondary">{k.text}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </Modal>
  );
}
