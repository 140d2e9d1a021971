import { DepartmentScreen } from '@/components/department/department-screen';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/department');

/** 部门与员工: the department tree beside the users of the chosen department. */
export default function DepartmentPage() {
  return <DepartmentScreen />;
}
