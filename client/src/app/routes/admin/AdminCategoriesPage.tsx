// /admin/addcategory: categories and sub-categories (features/catalog/admin). Staff read them;
// the buttons that change them are for admins only (the server answers staff 403 too).
import { selectAdmin } from '../../../features/account/adminSlice';
import { CategoriesPage } from '../../../features/catalog/admin/components/CategoriesPage';
import { useAppSelector } from '../../hooks';

export function AdminCategoriesPage() {
  const admin = useAppSelector(selectAdmin);
  return <CategoriesPage canChange={admin?.role === 'admin'} />;
}
