// /admin/productslist: every product (features/catalog/admin); admins change them in bulk,
// staff look (the server answers their changes 403).
import { selectAdmin } from '../../../features/account/adminSlice';
import { ProductsList } from '../../../features/catalog/admin/components/ProductsList';
import { useAppSelector } from '../../hooks';

export function AdminProductsPage() {
  const admin = useAppSelector(selectAdmin);
  return <ProductsList canChange={admin?.role === 'admin'} />;
}
