// /admin/addproduct and /admin/getproduct/{id}: the product editor (features/catalog/admin);
// admins save, staff read.
import { useParams } from 'react-router';
import { selectAdmin } from '../../../features/account/adminSlice';
import { ProductEditor } from '../../../features/catalog/admin/components/ProductEditor';
import { useAppSelector } from '../../hooks';

export function AdminProductEditorPage() {
  const { id } = useParams();
  const admin = useAppSelector(selectAdmin);
  return <ProductEditor key={id ?? 'new'} id={id} canChange={admin?.role === 'admin'} />;
}
