import { Suspense, useState } from 'react';
import Button from '../../../components/plain/Button';
import { PlusOutlined } from '@ant-design/icons';
import { lazyScoped } from '../../../lib/antdScope';

// antd's Modal, Card, Grid and Typography load with the dialog, not with the contest list.
const CreateContestKinds = lazyScoped(() => import('./CreateContestKinds'));

/** 创建比赛: first the kind (编程 / 数学 / 408), each with its own creation page (issue 16). */
export default function CreateContestChoice() {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so that it can animate closed.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="create-contest"
      >
        创建比赛
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CreateContestKinds open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
