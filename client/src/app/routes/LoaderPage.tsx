import { Loader } from '../../components/Loader';

export function LoaderPage() {
  return (
    <>
      <title>Loading — drape</title>
      <Loader />
    </>
  );
}
