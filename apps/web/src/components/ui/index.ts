export { Alert, type AlertProps, type AlertTone } from "./alert";
export { Avatar, type AvatarProps, DEFAULT_AVATAR_URL } from "./avatar";
export { Badge, type BadgeProps, type BadgeTone, statusTone } from "./badge";
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
  IconButton,
  type IconButtonProps,
} from "./button";
export { Card, CardFooter, CardHeader, type CardHeaderProps, type CardProps } from "./card";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export {
  CountryPhoneInput,
  type CountryPhoneInputProps,
  countryOfPhoneNumber,
  NO_COUNTRIES_TEXT,
} from "./country-phone-input";
export { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from "./dropdown-menu";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export { ErrorState, type ErrorStateProps } from "./error-state";
export { ImagePicker, type ImagePickerProps } from "./image-picker";
export { ListPager } from "./list-pager";
export { LoadingFields } from "./loading-fields";
export {
  closeWhenIdle,
  Modal,
  ModalCancelButton,
  ModalClose,
  type ModalProps,
} from "./modal";
export { PasswordInput, type PasswordInputProps } from "./password-input";
export { PhoneList, type PhoneListProps } from "./phone-list";
export { QueryErrorState } from "./query-error-state";
export { QueryRecord } from "./query-record";
export {
  ResponsiveDialog,
  type ResponsiveDialogProps,
  useIsPhone,
} from "./responsive-dialog";
export { NO_OPTIONS_TEXT, Select, type SelectOption, type SelectProps } from "./select";
export { Sheet, type SheetProps } from "./sheet";
export {
  closeThresholdFor,
  SidePanel,
  type SidePanelProps,
  SWIPE_CLOSE_DISTANCE,
} from "./side-panel";
export { Skeleton } from "./skeleton";
export { SkeletonGrid } from "./skeleton-grid";
export { Spinner, type SpinnerProps } from "./spinner";
export { Switch, type SwitchProps } from "./switch";
export {
  numberColumn,
  statusColumn,
  Table,
  type TableColumn,
  type TableProps,
  TitledCell,
  type TitledCellProps,
  titledColumn,
} from "./table";
export { Tabs, TabsContent, TabsList, type TabsListProps, TabsTrigger } from "./tabs";
export { TextInput, type TextInputProps } from "./text-input";
export { Textarea, type TextareaProps } from "./textarea";
