/**
 * The console chunk (loaded lazily by App.tsx): the guard, the layout and the console pages. The home
 * page editor is a chunk of its own (editor/EditorPage.tsx).
 */
export { ConsoleGuard } from './ConsoleGuard';
export { ConsoleLayout } from './ConsoleLayout';
export { LoginPage } from './LoginPage';
export { BlockPage } from './BlockPage';
export { ApplicationsPage } from './ApplicationsPage';
export { ApplicationSettingsPage } from './ApplicationSettingsPage';
export { FilesPage } from './FilesPage';
export { SiteChromePage } from './site/SiteChromePage';
export { ContentPage } from './content/ContentPage';
export { ManagersPage } from './roles/ManagersPage';
export { UsersPage } from './roles/UsersPage';
export { RoleConfigPage } from './roles/RoleConfigPage';
export { TopicsPage } from './topics/TopicsPage';
export { TopicDataPage } from './topics/TopicDataPage';
export { TasksPage } from './tasks/TasksPage';
export { ReportsPage } from './reports/ReportsPage';
export { AuditLogsPage } from './logs/AuditLogsPage';
export { JobsPage } from './jobs/JobsPage';
export { ToolsPage } from './tools/ToolsPage';
export { WechatArticlesPage } from './wechats/WechatArticlesPage';
export { ConsoleFallback } from './ConsoleFallback';
export { AppClientsPage } from './AppClientsPage';
export { AccountSettingsPage } from './AccountSettingsPage';
