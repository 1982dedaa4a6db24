// /admin/banners: the home hero and best-seller banners (features/banners). Staff read them;
// the buttons that change them are for admins only (the server answers staff 403 too).
// Pictures are checked and scaled like the product editor's before they go up.
import { selectAdmin } from '../../../features/account/adminSlice';
import { BannersPage, type PictureRules } from '../../../features/banners/components/BannersPage';
import { fitForUpload, imageProblem } from '../../../features/catalog/admin/upload';
import { useAppSelector } from '../../hooks';

const pictures: PictureRules = { problem: imageProblem, prepare: fitForUpload };

export function AdminBannersPage() {
  const admin = useAppSelector(selectAdmin);
  return <BannersPage canChange={admin?.role === 'admin'} pictures={pictures} />;
}
