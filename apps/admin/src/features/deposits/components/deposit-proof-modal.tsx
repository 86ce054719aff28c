import { Modal } from 'antd';
import { BlobImage } from '../../../components/blob-image';
import { STRINGS } from '../../../config/strings';
import { useDepositProof } from '../api/get-deposit-proof';

export function DepositProofModal({ depositId, onClose }: { depositId: string | null; onClose: () => void }) {
  const query = useDepositProof(depositId);
  return (
    <Modal
      open={depositId !== null}
      title={depositId ? STRINGS.deposits.proofTitle(depositId) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {depositId && <BlobImage query={query} alt={STRINGS.deposits.proofTitle(depositId)} />}
    </Modal>
  );
}
