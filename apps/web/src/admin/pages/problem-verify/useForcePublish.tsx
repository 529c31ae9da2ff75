import { Modal } from 'antd';

/**
 * For the problem editor: asks whether to publish a problem its validation does not pass (the
 * server's reason shown). Answers the ask function and the element that hosts the dialog.
 */
export function useForcePublishConfirm() {
  const [modal, holder] = Modal.useModal();
  const ask = (reason: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '题目验证未通过，仍要公开？',
        content: <div style={{ overflowWrap: 'anywhere' }}>{reason}</div>,
        okText: '强制公开',
        okButtonProps: { danger: true, id: 'force-publish' },
        cancelText: '先不公开',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  return [ask, holder] as const;
}
