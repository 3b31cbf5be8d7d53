// antd's Dropdown, a chunk of its own: `LazyDropdown` loads it when its trigger is first wanted.
export { Dropdown } from 'antd';
