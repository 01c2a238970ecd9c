import { PageHeader } from '../../ui/page-header';
import { FileManager } from './components/file-manager';
import { useUrlFileBrowser } from './file-browser-state';

/** /admin/file-manager: the file library, its list state in the address bar (spec 1 §2). */
export function FileManagerPage() {
  const browser = useUrlFileBrowser();
  return (
    <>
      <PageHeader
        title="File library"
        description="Pictures and documents used by products, slides, settings and payment methods."
      />
      <FileManager browser={browser} />
    </>
  );
}

export default FileManagerPage;
