// The settings table's repository lives with the rest of the SQL, under store/.
export { createSettingsRepository, type SettingsRepository } from '../store/settings-repository';
