// /admin/addproduct and /admin/getproduct/{id}: the product editor (features/catalog/admin);
// admins save, staff read. Under the stock, the shoppers waiting for each size (features/backinstock);
// below the editor, the product's Legal Metrology declarations.
import { useParams } from '../../../lib/router';
import { selectAdmin } from '../../../features/account/adminSlice';
import { RestockDemand } from '../../../features/backinstock/components/RestockDemand';
import { DeclarationsEditor } from '../../../features/catalog/admin/components/DeclarationsEditor';
import { ProductEditor } from '../../../features/catalog/admin/components/ProductEditor';
import { useAppSelector } from '../../hooks';

export function AdminProductEditorPage() {
  const { id } = useParams();
  const admin = useAppSelector(selectAdmin);
  return (
    <>
      <ProductEditor
        key={id ?? 'new'}
        id={id}
        canChange={admin?.role === 'admin'}
        stockAside={id ? <RestockDemand productId={id} /> : undefined}
      />
      {id && <DeclarationsEditor key={id} productId={id} canChange={admin?.role === 'admin'} />}
    </>
  );
}
