import { DepartmentScreen } from './department-screen';

/** 部门与员工: the department tree beside the users of the chosen department. */
export default function DepartmentPage() {
  return <DepartmentScreen />;
}
