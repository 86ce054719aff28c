import type { ErrorName } from './errors.js';
import type { Lang } from './lang.js';

/**
 * Messages the server puts in `msg` and `data.fields`, and that the apps show for the same keys.
 * The English wording of the spec's fixed messages is kept exactly, typos included.
 */
type Texts = Record<Lang, string>;

export const ERROR_MESSAGES: Record<ErrorName, Texts> = {
  validation_failed: {
    en: 'Please check the highlighted fields',
    vn: 'Vui lòng kiểm tra các trường được đánh dấu',
    zn: '請檢查標示的欄位',
  },
  malformed_body: { en: 'The request could not be read', vn: 'Không thể đọc yêu cầu', zn: '無法讀取請求內容' },
  body_too_large: { en: 'The request is too large', vn: 'Yêu cầu quá lớn', zn: '請求內容過大' },
  unsupported_media_type: {
    en: 'Unsupported content type',
    vn: 'Kiểu nội dung không được hỗ trợ',
    zn: '不支援的內容類型',
  },
  unauthorized: { en: 'Please log in first', vn: 'Vui lòng đăng nhập trước', zn: '請先登入' },
  session_expired: {
    en: 'Your session has expired, please log in again',
    vn: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    zn: '登入已過期，請重新登入',
  },
  forbidden: {
    en: 'You are not allowed to do this',
    vn: 'Bạn không có quyền thực hiện thao tác này',
    zn: '您沒有權限執行此操作',
  },
  password_change_required: {
    en: 'Please set a new login password first',
    vn: 'Vui lòng đặt mật khẩu đăng nhập mới trước',
    zn: '請先設定新的登入密碼',
  },
  not_found: { en: 'Not found', vn: 'Không tìm thấy', zn: '找不到資料' },
  route_not_found: { en: 'No such API', vn: 'Không có API này', zn: '沒有此介面' },
  user_not_found: { en: 'User Does Not Exist', vn: 'Người dùng không tồn tại', zn: '用戶不存在' },
  rate_limited: {
    en: 'Too many requests, please try again later',
    vn: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
    zn: '請求過於頻繁，請稍後再試',
  },
  conflict: { en: 'This conflicts with existing data', vn: 'Xung đột với dữ liệu hiện có', zn: '與現有資料衝突' },
  idempotency_key_reused_with_other_body: {
    en: 'This request key was already used for a different request',
    vn: 'Khóa yêu cầu này đã được dùng cho một yêu cầu khác',
    zn: '此請求識別碼已用於其他請求',
  },
  idempotency_request_in_progress: {
    en: 'The same request is still being processed',
    vn: 'Yêu cầu giống hệt đang được xử lý',
    zn: '相同的請求仍在處理中',
  },
  username_taken: {
    en: 'This username is already registered',
    vn: 'Tên người dùng này đã được đăng ký',
    zn: '此用戶名已被註冊',
  },
  phone_taken: {
    en: 'This phone number is already registered',
    vn: 'Số điện thoại này đã được đăng ký',
    zn: '此手機號碼已被註冊',
  },
  invite_code_invalid: { en: 'The invitation code does not exist', vn: 'Mã mời không tồn tại', zn: '邀請碼不存在' },
  invite_code_required: { en: 'Please enter the invitation code', vn: 'Vui lòng nhập mã mời', zn: '請輸入邀請碼' },
  password_incorrect: { en: 'Incorrect password', vn: 'Mật khẩu không đúng', zn: '密碼錯誤' },
  account_locked: {
    en: 'Too many failed attempts, the account is locked for 15 minutes',
    vn: 'Quá nhiều lần thử sai, tài khoản bị khóa 15 phút',
    zn: '失敗次數過多，帳戶已鎖定 15 分鐘',
  },
  account_disabled: {
    en: 'This account has been disabled, please contact customer service',
    vn: 'Tài khoản này đã bị vô hiệu hóa, vui lòng liên hệ chăm sóc khách hàng',
    zn: '此帳戶已被停用，請聯絡客服',
  },
  current_password_incorrect: {
    en: 'Please Use The Curent Password To Reset The New Password',
    vn: 'Vui lòng dùng mật khẩu hiện tại để đặt mật khẩu mới',
    zn: '請使用當前密碼來重設新密碼',
  },
  pay_password_incorrect: {
    en: 'Incorrect payment password',
    vn: 'Mật khẩu thanh toán không đúng',
    zn: '支付密碼錯誤',
  },
  pay_password_locked: {
    en: 'Too many wrong payment passwords, money moves are locked for 1 hour',
    vn: 'Nhập sai mật khẩu thanh toán quá nhiều lần, giao dịch tiền bị khóa 1 giờ',
    zn: '支付密碼錯誤次數過多，資金操作已鎖定 1 小時',
  },
  pay_password_not_set: {
    en: 'Please set a payment password first',
    vn: 'Vui lòng đặt mật khẩu thanh toán trước',
    zn: '請先設定支付密碼',
  },
  new_password_same_as_old: {
    en: 'The new password must differ from the current one',
    vn: 'Mật khẩu mới phải khác mật khẩu hiện tại',
    zn: '新密碼不能與當前密碼相同',
  },
  admin_credentials_invalid: {
    en: 'Wrong username or password',
    vn: 'Sai tên đăng nhập hoặc mật khẩu',
    zn: '帳號或密碼錯誤',
  },
  admin_totp_required: {
    en: 'Enter the code from your authenticator app',
    vn: 'Nhập mã từ ứng dụng xác thực',
    zn: '請輸入驗證器應用程式中的驗證碼',
  },
  admin_totp_invalid: { en: 'The authenticator code is not valid', vn: 'Mã xác thực không hợp lệ', zn: '驗證碼無效' },
  admin_username_taken: {
    en: 'This admin username is taken',
    vn: 'Tên quản trị viên này đã được dùng',
    zn: '此管理員帳號已存在',
  },
  admin_cannot_change_self: {
    en: 'You cannot change your own role or status',
    vn: 'Bạn không thể thay đổi vai trò hoặc trạng thái của chính mình',
    zn: '不能變更自己的角色或狀態',
  },
  amount_invalid: { en: 'Incorrect Amount', vn: 'Số tiền không đúng', zn: '金額不正確' },
  insufficient_balance: { en: 'Insufficient balance', vn: 'Số dư không đủ', zn: '餘額不足' },
  bank_card_required: {
    en: 'Unknown Bank Card, Please Enter The Bank Card First!',
    vn: 'Chưa có thẻ ngân hàng, vui lòng liên kết thẻ ngân hàng trước!',
    zn: '未綁定銀行卡，請先綁定銀行卡！',
  },
  wallet_address_invalid: {
    en: 'This is not a valid TRC20 address',
    vn: 'Đây không phải địa chỉ TRC20 hợp lệ',
    zn: '這不是有效的 TRC20 地址',
  },
  wallet_address_limit: {
    en: 'You can bind at most 5 addresses',
    vn: 'Bạn chỉ có thể liên kết tối đa 5 địa chỉ',
    zn: '最多只能綁定 5 個地址',
  },
  wallet_address_taken: { en: 'This address is already bound', vn: 'Địa chỉ này đã được liên kết', zn: '此地址已綁定' },
  wallet_not_found: {
    en: 'Please choose one of your bound addresses',
    vn: 'Vui lòng chọn một địa chỉ đã liên kết',
    zn: '請選擇已綁定的地址',
  },
  kyc_required: {
    en: 'Please complete identity verification first',
    vn: 'Vui lòng hoàn tất xác minh danh tính trước',
    zn: '請先完成實名認證',
  },
  withdrawal_below_minimum: {
    en: 'The amount is below the minimum withdrawal',
    vn: 'Số tiền thấp hơn mức rút tối thiểu',
    zn: '金額低於最低提現額',
  },
  withdrawal_daily_limit: {
    en: 'You have reached the number of withdrawals for today',
    vn: 'Bạn đã đạt số lần rút tiền trong ngày',
    zn: '今日提現次數已達上限',
  },
  deposit_below_minimum: {
    en: 'The amount is below the minimum deposit',
    vn: 'Số tiền thấp hơn mức nạp tối thiểu',
    zn: '金額低於最低充值額',
  },
  deposit_address_unavailable: {
    en: 'No deposit address is available right now, please contact support',
    vn: 'Hiện không có địa chỉ nạp, vui lòng liên hệ hỗ trợ',
    zn: '目前沒有可用的充值地址，請聯絡客服',
  },
  tx_hash_used: {
    en: 'This transaction hash has already been submitted',
    vn: 'Mã giao dịch này đã được gửi',
    zn: '此交易哈希已提交過',
  },
  deposit_not_pending: {
    en: 'This deposit has already been reviewed',
    vn: 'Khoản nạp này đã được xét duyệt',
    zn: '此充值已審核',
  },
  withdrawal_not_pending: {
    en: 'This withdrawal has already been decided',
    vn: 'Lệnh rút này đã được xử lý',
    zn: '此提現已處理',
  },
  withdrawal_second_approver_required: {
    en: 'A second operator must approve this withdrawal',
    vn: 'Cần một người duyệt thứ hai cho lệnh rút này',
    zn: '此提現需由另一位操作員覆核',
  },
  adjustment_note_required: {
    en: 'A note is required when the amount is corrected',
    vn: 'Cần ghi chú khi sửa số tiền',
    zn: '修改金額時必須填寫備註',
  },
  kyc_already_submitted: {
    en: 'Your identity is already verified or under review',
    vn: 'Danh tính của bạn đã được xác minh hoặc đang xét duyệt',
    zn: '您的身分已認證或正在審核中',
  },
  kyc_not_pending: {
    en: 'This submission has already been reviewed',
    vn: 'Hồ sơ này đã được xét duyệt',
    zn: '此申請已審核',
  },
  upload_invalid_type: {
    en: 'Please upload a JPEG, PNG or WebP image',
    vn: 'Vui lòng tải lên ảnh JPEG, PNG hoặc WebP',
    zn: '請上傳 JPEG、PNG 或 WebP 圖片',
  },
  upload_too_large: { en: 'Each image must be at most 5 MB', vn: 'Mỗi ảnh tối đa 5 MB', zn: '每張圖片不能超過 5 MB' },
  upload_missing: { en: 'Please upload the images', vn: 'Vui lòng tải ảnh lên', zn: '請上傳圖片' },
  order_period_unavailable: {
    en: 'This period is not offered for this product',
    vn: 'Kỳ hạn này không có cho sản phẩm',
    zn: '此商品不提供該週期',
  },
  order_stake_out_of_range: { en: 'Incorrect Amount', vn: 'Số tiền không đúng', zn: '金額不正確' },
  market_stale: {
    en: 'Prices are not updating right now, please try again shortly',
    vn: 'Giá hiện không cập nhật, vui lòng thử lại sau',
    zn: '行情暫未更新，請稍後再試',
  },
  order_limit_reached: {
    en: 'You have reached the number of open orders allowed',
    vn: 'Bạn đã đạt số lệnh mở tối đa',
    zn: '持倉訂單數已達上限',
  },
  exposure_limit_reached: {
    en: 'This product has reached its limit for now, please try later',
    vn: 'Sản phẩm đã đạt giới hạn, vui lòng thử lại sau',
    zn: '此商品暫時達到上限，請稍後再試',
  },
  order_not_found: { en: 'Order not found', vn: 'Không tìm thấy lệnh', zn: '找不到訂單' },
  product_not_found: { en: 'This product does not exist', vn: 'Sản phẩm này không tồn tại', zn: '此商品不存在' },
  internal_error: {
    en: 'Something went wrong on our side, please try again',
    vn: 'Đã có lỗi từ phía chúng tôi, vui lòng thử lại',
    zn: '系統發生錯誤，請稍後再試',
  },
};

/** Field-level validation messages. Contract schemas carry these keys as their zod messages. */
export const FIELD_MESSAGES = {
  required: { en: 'This field is required', vn: 'Trường này là bắt buộc', zn: '此欄位為必填' },
  invalid: { en: 'This value is not valid', vn: 'Giá trị không hợp lệ', zn: '此值無效' },
  unknown_field: { en: 'Unknown field', vn: 'Trường không xác định', zn: '未知欄位' },
  username_required: { en: 'Please enter the username', vn: 'Vui lòng nhập tên người dùng', zn: '請輸入用戶名' },
  username_invalid: {
    en: 'Username: 4 to 18 letters and numbers only',
    vn: 'Tên người dùng: 4 đến 18 chữ cái và số',
    zn: '用戶名：4 至 18 位字母和數字',
  },
  account_required: {
    en: 'Please enter the username or phone number',
    vn: 'Vui lòng nhập tên người dùng hoặc số điện thoại',
    zn: '請輸入用戶名或手機號碼',
  },
  phone_required: { en: 'Please enter the phone number', vn: 'Vui lòng nhập số điện thoại', zn: '請輸入手機號碼' },
  phone_invalid: {
    en: 'The phone number must be exactly 11 digits',
    vn: 'Số điện thoại phải gồm đúng 11 chữ số',
    zn: '手機號碼必須為 11 位數字',
  },
  password_required: { en: 'Please enter the password', vn: 'Vui lòng nhập mật khẩu', zn: '請輸入密碼' },
  password_invalid: {
    en: 'The password must be 8 to 64 characters',
    vn: 'Mật khẩu phải từ 8 đến 64 ký tự',
    zn: '密碼長度須為 8 至 64 個字元',
  },
  password_same_as_username: {
    en: 'The password must not be the username',
    vn: 'Mật khẩu không được trùng tên người dùng',
    zn: '密碼不能與用戶名相同',
  },
  new_password_required: { en: 'Please enter the new password', vn: 'Vui lòng nhập mật khẩu mới', zn: '請輸入新密碼' },
  confirm_password_required: {
    en: 'Please confirm the new password',
    vn: 'Vui lòng xác nhận mật khẩu mới',
    zn: '請確認新密碼',
  },
  passwords_do_not_match: {
    en: 'The two passwords do not match',
    vn: 'Hai mật khẩu không khớp',
    zn: '兩次輸入的密碼不一致',
  },
  current_password_required: {
    en: 'Please enter the current password',
    vn: 'Vui lòng nhập mật khẩu hiện tại',
    zn: '請輸入當前密碼',
  },
  pay_password_required: {
    en: 'Please enter the payment password',
    vn: 'Vui lòng nhập mật khẩu thanh toán',
    zn: '請輸入支付密碼',
  },
  pay_password_invalid: {
    en: 'The payment password must be 6 digits',
    vn: 'Mật khẩu thanh toán phải gồm 6 chữ số',
    zn: '支付密碼必須為 6 位數字',
  },
  withdrawal_password_required: {
    en: 'Please enter the withdrawal password',
    vn: 'Vui lòng nhập mật khẩu rút tiền',
    zn: '請輸入提現密碼',
  },
  withdrawal_address_required: {
    en: 'Please enter the withdrawal address',
    vn: 'Vui lòng nhập địa chỉ rút tiền',
    zn: '請輸入提現地址',
  },
  withdrawal_amount_required: {
    en: 'Please enter the withdrawal amount',
    vn: 'Vui lòng nhập số tiền rút',
    zn: '請輸入提現金額',
  },
  deposit_amount_required: {
    en: 'Please enter the deposit amount',
    vn: 'Vui lòng nhập số tiền nạp',
    zn: '請輸入充值金額',
  },
  amount_required: { en: 'Please enter the amount', vn: 'Vui lòng nhập số tiền', zn: '請輸入金額' },
  amount_invalid: { en: 'Incorrect Amount', vn: 'Số tiền không đúng', zn: '金額不正確' },
  invite_code_required: { en: 'Please enter the invitation code', vn: 'Vui lòng nhập mã mời', zn: '請輸入邀請碼' },
  invite_code_invalid: { en: 'The invitation code is not valid', vn: 'Mã mời không hợp lệ', zn: '邀請碼格式不正確' },
  real_name_required: { en: 'Please enter your real name', vn: 'Vui lòng nhập họ tên thật', zn: '請輸入真實姓名' },
  id_number_required: {
    en: 'Please enter the ID card number',
    vn: 'Vui lòng nhập số CMND/CCCD',
    zn: '請輸入身分證號碼',
  },
  id_front_required: {
    en: 'Please upload the front of the ID card',
    vn: 'Vui lòng tải lên mặt trước CMND/CCCD',
    zn: '請上傳身分證正面',
  },
  id_back_required: {
    en: 'Please upload the back of the ID card',
    vn: 'Vui lòng tải lên mặt sau CMND/CCCD',
    zn: '請上傳身分證反面',
  },
  bank_name_required: { en: 'Please enter the bank name', vn: 'Vui lòng nhập tên ngân hàng', zn: '請輸入銀行名稱' },
  holder_name_required: {
    en: 'Please enter the cardholder name',
    vn: 'Vui lòng nhập tên chủ thẻ',
    zn: '請輸入持卡人姓名',
  },
  card_number_required: { en: 'Please enter the card number', vn: 'Vui lòng nhập số thẻ', zn: '請輸入卡號' },
  branch_required: {
    en: 'Please enter the branch address',
    vn: 'Vui lòng nhập địa chỉ chi nhánh',
    zn: '請輸入開戶支行地址',
  },
  city_required: { en: 'Please enter the city', vn: 'Vui lòng nhập thành phố', zn: '請輸入城市' },
  province_required: { en: 'Please enter the province', vn: 'Vui lòng nhập tỉnh', zn: '請輸入省份' },
  admin_username_invalid: {
    en: 'Username: 3 to 32 letters, digits, _ . or -',
    vn: 'Tên đăng nhập: 3 đến 32 chữ cái, chữ số, _ . hoặc -',
    zn: '帳號：3 至 32 位字母、數字、_ . 或 -',
  },
  admin_password_invalid: {
    en: 'The password must be 10 to 128 characters',
    vn: 'Mật khẩu phải từ 10 đến 128 ký tự',
    zn: '密碼長度須為 10 至 128 個字元',
  },
  confirm_pay_password_required: {
    en: 'Please enter the payment password again',
    vn: 'Vui lòng nhập lại mật khẩu thanh toán',
    zn: '請再次輸入支付密碼',
  },
  card_number_invalid: {
    en: 'The card number must be 12 to 19 digits',
    vn: 'Số thẻ phải gồm 12 đến 19 chữ số',
    zn: '卡號須為 12 至 19 位數字',
  },
  address_invalid: {
    en: 'This is not a valid TRC20 address',
    vn: 'Đây không phải địa chỉ TRC20 hợp lệ',
    zn: '這不是有效的 TRC20 地址',
  },
  tx_hash_required: { en: 'Please enter the transaction hash', vn: 'Vui lòng nhập mã giao dịch', zn: '請輸入交易哈希' },
  tx_hash_invalid: {
    en: 'The transaction hash must be 64 hexadecimal characters',
    vn: 'Mã giao dịch phải gồm 64 ký tự thập lục phân',
    zn: '交易哈希須為 64 位十六進位字元',
  },
  id_number_invalid: {
    en: 'The ID number must be 6 to 32 letters and digits',
    vn: 'Số giấy tờ phải gồm 6 đến 32 chữ cái và số',
    zn: '證件號碼須為 6 至 32 位字母和數字',
  },
  symbol_required: { en: 'Please choose a product', vn: 'Vui lòng chọn sản phẩm', zn: '請選擇商品' },
  symbol_invalid: { en: 'Unknown product', vn: 'Sản phẩm không xác định', zn: '未知商品' },
  interval_invalid: { en: 'Unknown chart interval', vn: 'Khung thời gian không hợp lệ', zn: '未知的K線週期' },
  direction_invalid: { en: 'Choose buy rise or buy fall', vn: 'Chọn mua lên hoặc mua xuống', zn: '請選擇買漲或買跌' },
  period_invalid: { en: 'Choose one of the offered periods', vn: 'Chọn một trong các kỳ hạn', zn: '請選擇提供的週期' },
  totp_invalid: { en: 'The code must be 6 digits', vn: 'Mã phải gồm 6 chữ số', zn: '驗證碼必須為 6 位數字' },
  role_invalid: { en: 'Unknown role', vn: 'Vai trò không xác định', zn: '未知的角色' },
  page_invalid: {
    en: 'The page must be a whole number from 1',
    vn: 'Trang phải là số nguyên từ 1',
    zn: '頁碼必須為從 1 開始的整數',
  },
  page_size_invalid: {
    en: 'The page size must be 1 to 100',
    vn: 'Kích thước trang phải từ 1 đến 100',
    zn: '每頁筆數須為 1 至 100',
  },
  text_too_long: { en: 'This text is too long', vn: 'Văn bản quá dài', zn: '文字過長' },
  reason_required: { en: 'Please enter a reason', vn: 'Vui lòng nhập lý do', zn: '請輸入原因' },
} as const satisfies Record<string, Texts>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

/** Success `msg` of the envelope; the apps show the spec's own success texts instead. */
export const OK_MESSAGE: Texts = { en: 'Success', vn: 'Thành công', zn: '成功' };

export function errorMessage(name: ErrorName, lang: Lang): string {
  return ERROR_MESSAGES[name][lang];
}

/** Translates a zod message: a known key becomes text, anything else falls back to "invalid". */
export function fieldMessage(key: string, lang: Lang): string {
  return isFieldMessageKey(key) ? FIELD_MESSAGES[key][lang] : FIELD_MESSAGES.invalid[lang];
}
