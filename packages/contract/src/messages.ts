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
  uri_too_long: { en: 'The address is too long', vn: 'Địa chỉ yêu cầu quá dài', zn: '請求網址過長' },
  headers_too_large: {
    en: 'The request headers are too large',
    vn: 'Phần đầu của yêu cầu quá lớn',
    zn: '請求標頭過大',
  },
  upgrade_required: {
    en: 'This address takes WebSocket connections only',
    vn: 'Địa chỉ này chỉ nhận kết nối WebSocket',
    zn: '此位址僅接受 WebSocket 連線',
  },
  request_timeout: { en: 'The request took too long', vn: 'Yêu cầu mất quá nhiều thời gian', zn: '請求逾時' },
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
  session_not_found: {
    en: 'This session has already ended',
    vn: 'Phiên này đã kết thúc',
    zn: '此登入裝置已登出',
  },
  notification_kind_required: {
    en: 'Security notices cannot be turned off',
    vn: 'Không thể tắt thông báo bảo mật',
    zn: '安全通知無法關閉',
  },
  notification_not_found: {
    en: 'Notification not found',
    vn: 'Không tìm thấy thông báo',
    zn: '找不到此通知',
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
  two_factor_required: {
    en: 'Enter the code from your authenticator app',
    vn: 'Nhập mã từ ứng dụng xác thực của bạn',
    zn: '請輸入驗證器應用程式中的驗證碼',
  },
  two_factor_code_incorrect: {
    en: 'The verification code is not correct',
    vn: 'Mã xác minh không đúng',
    zn: '驗證碼不正確',
  },
  two_factor_code_used: {
    en: 'This code was already used, please wait for the next one',
    vn: 'Mã này đã được sử dụng, vui lòng chờ mã tiếp theo',
    zn: '此驗證碼已使用過，請等待下一個驗證碼',
  },
  two_factor_already_enabled: {
    en: 'Two-factor authentication is already on',
    vn: 'Xác thực hai lớp đã được bật',
    zn: '兩步驗證已開啟',
  },
  two_factor_not_enabled: {
    en: 'Two-factor authentication is off',
    vn: 'Xác thực hai lớp đang tắt',
    zn: '兩步驗證未開啟',
  },
  two_factor_setup_not_started: {
    en: 'Please start the setup again',
    vn: 'Vui lòng bắt đầu thiết lập lại',
    zn: '請重新開始設定',
  },
  login_challenge_expired: {
    en: 'The sign-in step has expired, please sign in again',
    vn: 'Bước đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    zn: '登入步驟已逾時，請重新登入',
  },
  passkey_challenge_expired: {
    en: 'The passkey request has expired or was already used, please try again',
    vn: 'Yêu cầu khóa truy cập đã hết hạn hoặc đã được dùng, vui lòng thử lại',
    zn: '通行金鑰請求已逾時或已使用，請重試',
  },
  passkey_not_recognised: {
    en: 'This passkey is not registered to this account',
    vn: 'Khóa truy cập này không thuộc tài khoản này',
    zn: '此通行金鑰未登記於此帳戶',
  },
  passkey_verification_failed: {
    en: 'The passkey could not be verified',
    vn: 'Không thể xác minh khóa truy cập',
    zn: '無法驗證通行金鑰',
  },
  passkey_counter_invalid: {
    en: 'This passkey answer was refused (it may have been copied or replayed)',
    vn: 'Phản hồi khóa truy cập bị từ chối (có thể đã bị sao chép hoặc dùng lại)',
    zn: '通行金鑰回應被拒絕（可能遭複製或重播）',
  },
  passkey_not_found: { en: 'Passkey not found', vn: 'Không tìm thấy khóa truy cập', zn: '找不到通行金鑰' },
  passkey_limit_reached: {
    en: 'You can register up to 10 passkeys',
    vn: 'Bạn có thể đăng ký tối đa 10 khóa truy cập',
    zn: '最多可登記 10 個通行金鑰',
  },
  passkey_already_registered: {
    en: 'This passkey is already registered',
    vn: 'Khóa truy cập này đã được đăng ký',
    zn: '此通行金鑰已登記',
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
  practice_reset_used_today: {
    en: 'The practice balance can be reset once a day; try again tomorrow',
    vn: 'Số dư luyện tập chỉ được đặt lại một lần mỗi ngày; vui lòng thử lại vào ngày mai',
    zn: '練習餘額每天只能重設一次，請明天再試',
  },
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
  rate_changed: {
    en: 'The exchange rate has changed, please check the new amount and submit again',
    vn: 'Tỷ giá đã thay đổi, vui lòng kiểm tra số tiền mới và gửi lại',
    zn: '匯率已變更，請確認新的金額後重新提交',
  },
  withdrawal_destination_cooling_down: {
    en: 'This card or address was bound recently and can receive withdrawals from {until}',
    vn: 'Thẻ hoặc địa chỉ này vừa được liên kết, có thể nhận tiền rút từ {until}',
    zn: '此銀行卡或地址剛綁定，{until} 起才可接收提現',
  },
  withdraw_protection_locked: {
    en: 'Your password or verification changed recently; this protection can be turned off from {until}',
    vn: 'Mật khẩu hoặc xác minh vừa thay đổi; có thể tắt bảo vệ này từ {until}',
    zn: '您的密碼或驗證方式剛變更，{until} 起才可關閉此保護',
  },
  bank_account_unavailable: {
    en: 'This receiving account is no longer offered, please choose an account again',
    vn: 'Tài khoản nhận này không còn được sử dụng, vui lòng chọn lại tài khoản',
    zn: '此收款帳戶已停用，請重新選擇帳戶',
  },
  wealth_product_not_found: {
    en: 'This product is not available',
    vn: 'Sản phẩm này không khả dụng',
    zn: '此理財產品不可用',
  },
  wealth_amount_below_minimum: {
    en: 'The amount is below the single minimum of this product',
    vn: 'Số tiền thấp hơn mức tối thiểu mỗi lần của sản phẩm',
    zn: '金額低於此產品的單筆最低金額',
  },
  wealth_user_limit_exceeded: {
    en: 'This would exceed the maximum you may hold in this product',
    vn: 'Vượt quá mức tối đa bạn được nắm giữ trong sản phẩm này',
    zn: '超過您在此產品可持有的上限',
  },
  wealth_quota_exceeded: {
    en: 'Not enough quota left in this product',
    vn: 'Hạn mức còn lại của sản phẩm không đủ',
    zn: '此產品剩餘額度不足',
  },
  wealth_quota_below_sold: {
    en: 'The total quota cannot be below the amount already sold',
    vn: 'Tổng hạn mức không được thấp hơn số đã bán',
    zn: '總額度不能低於已售出金額',
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
  order_stake_above_limit: {
    en: 'This stake is above the most allowed for one order',
    vn: 'Số tiền đặt vượt mức tối đa cho một lệnh',
    zn: '下單金額超過單筆上限',
  },
  self_limit_order_stake: {
    en: 'This stake is above the maximum per order you set for yourself',
    vn: 'Số tiền đặt vượt mức tối đa mỗi lệnh mà bạn tự đặt',
    zn: '下單金額超過您自行設定的單筆上限',
  },
  self_limit_stake: {
    en: 'This order would go over the stake limit you set for yourself',
    vn: 'Lệnh này sẽ vượt giới hạn tiền đặt mà bạn tự đặt',
    zn: '此訂單將超過您自行設定的下單總額上限',
  },
  self_limit_loss: {
    en: 'This order could go over the loss limit you set for yourself',
    vn: 'Lệnh này có thể vượt giới hạn thua lỗ mà bạn tự đặt',
    zn: '此訂單可能超過您自行設定的虧損上限',
  },
  self_limit_deposit: {
    en: 'This deposit would go over the deposit limit you set for yourself',
    vn: 'Khoản nạp này sẽ vượt giới hạn nạp tiền mà bạn tự đặt',
    zn: '此筆充值將超過您自行設定的充值上限',
  },
  self_excluded: {
    en: 'Trading and deposits are paused by your own exclusion until it ends',
    vn: 'Giao dịch và nạp tiền đang tạm dừng theo yêu cầu tự loại trừ của bạn cho đến khi kết thúc',
    zn: '在您自我禁制期滿前，交易與充值已暫停',
  },
  product_not_found: { en: 'This product does not exist', vn: 'Sản phẩm này không tồn tại', zn: '此商品不存在' },
  notice_not_found: {
    en: 'This announcement does not exist',
    vn: 'Thông báo này không tồn tại',
    zn: '此公告不存在',
  },
  help_article_not_found: {
    en: 'This help article does not exist',
    vn: 'Bài viết trợ giúp này không tồn tại',
    zn: '此說明文章不存在',
  },
  help_slug_taken: {
    en: 'Another article already uses this address',
    vn: 'Một bài viết khác đã dùng địa chỉ này',
    zn: '已有其他文章使用此網址代稱',
  },
  flexible_amount_below_minimum: {
    en: 'The amount is below the minimum subscription',
    vn: 'Số tiền thấp hơn mức gửi tối thiểu',
    zn: '金額低於最低申購額',
  },
  flexible_redeem_exceeds_held: {
    en: 'You cannot redeem more than you hold',
    vn: 'Không thể rút nhiều hơn số đang nắm giữ',
    zn: '贖回金額不能超過持有金額',
  },
  flexible_rate_day_invalid: {
    en: 'A new rate can start from tomorrow at the earliest',
    vn: 'Lãi suất mới chỉ có thể áp dụng sớm nhất từ ngày mai',
    zn: '新利率最早只能從明天開始生效',
  },
  price_alert_limit: {
    en: 'You have reached the limit of 50 price alerts: delete one first',
    vn: 'Bạn đã đạt giới hạn 50 cảnh báo giá: hãy xóa bớt một cảnh báo',
    zn: '價格提醒已達 50 個上限：請先刪除一個',
  },
  price_alert_above_not_higher: {
    en: 'The price is already at or above this level: choose a higher price',
    vn: 'Giá hiện đã bằng hoặc cao hơn mức này: hãy chọn mức giá cao hơn',
    zn: '目前價格已達到或高於此價位：請設定更高的價格',
  },
  price_alert_below_not_lower: {
    en: 'The price is already at or below this level: choose a lower price',
    vn: 'Giá hiện đã bằng hoặc thấp hơn mức này: hãy chọn mức giá thấp hơn',
    zn: '目前價格已達到或低於此價位：請設定更低的價格',
  },
  price_alert_not_found: { en: 'Price alert not found', vn: 'Không tìm thấy cảnh báo giá', zn: '找不到此價格提醒' },
  price_alert_no_price: {
    en: 'This product has no price yet: try again in a moment',
    vn: 'Sản phẩm này chưa có giá: vui lòng thử lại sau giây lát',
    zn: '此商品尚無價格：請稍後再試',
  },
  watchlist_full: {
    en: 'Your favourites list is full',
    vn: 'Danh sách yêu thích đã đầy',
    zn: '自選清單已滿',
  },
  support_assignee_invalid: {
    en: 'Conversations can be assigned only to active support operators',
    vn: 'Chỉ có thể giao cuộc trò chuyện cho nhân viên hỗ trợ đang hoạt động',
    zn: '對話只能指派給在職的客服人員',
  },
  support_image_not_found: { en: 'Image not found', vn: 'Không tìm thấy hình ảnh', zn: '找不到圖片' },
  fair_key_unavailable: {
    en: 'The platform signing key is not published yet, please try again shortly',
    vn: 'Khóa ký của nền tảng chưa được công bố, vui lòng thử lại sau ít phút',
    zn: '平台簽章金鑰尚未公布，請稍後再試',
  },
  liability_day_not_found: {
    en: 'No proof of liabilities has been published for this day yet',
    vn: 'Chưa có bằng chứng nợ phải trả nào được công bố cho ngày này',
    zn: '此日期尚未公布負債證明',
  },
  liability_leaf_not_found: {
    en: 'Your account is not in this snapshot: it was opened after it. It will be in the next one',
    vn: 'Tài khoản của bạn không có trong ảnh chụp này vì được mở sau đó. Tài khoản sẽ có trong lần tiếp theo',
    zn: '您的帳戶不在此次快照中：帳戶開立於快照之後，將出現在下一次快照中',
  },
  liability_proof_expired: {
    en: 'Proofs of this day are no longer kept; its published root and total still are',
    vn: 'Bằng chứng của ngày này không còn được lưu; gốc và tổng đã công bố vẫn được giữ',
    zn: '此日期的個人證明已不再保留；已公布的根雜湊與總額仍可查閱',
  },
  statement_range_too_long: {
    en: 'A statement covers at most one year: choose a shorter range',
    vn: 'Sao kê chỉ bao gồm tối đa một năm: hãy chọn khoảng thời gian ngắn hơn',
    zn: '對帳單最長涵蓋一年，請選擇較短的期間',
  },
  statement_too_many_rows: {
    en: 'This range has too many records for one statement: choose a shorter range',
    vn: 'Khoảng thời gian này có quá nhiều bản ghi cho một sao kê: hãy chọn khoảng ngắn hơn',
    zn: '此期間的紀錄過多，無法放入一份對帳單，請選擇較短的期間',
  },
  statement_font_unavailable: {
    en: 'A PDF in this language cannot be made on this server right now: download the CSV instead',
    vn: 'Máy chủ hiện không thể tạo PDF bằng ngôn ngữ này: hãy tải tệp CSV',
    zn: '伺服器目前無法產生此語言的 PDF，請改為下載 CSV',
  },
  internal_error: {
    en: 'Something went wrong on our side, please try again',
    vn: 'Đã có lỗi từ phía chúng tôi, vui lòng thử lại',
    zn: '系統發生錯誤，請稍後再試',
  },
  service_unavailable: {
    en: 'The service is briefly unavailable, please try again in a moment',
    vn: 'Dịch vụ tạm thời gián đoạn, vui lòng thử lại sau giây lát',
    zn: '服務暫時無法使用，請稍後再試',
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
  passkey_name_required: {
    en: 'Please name the passkey',
    vn: 'Vui lòng đặt tên cho khóa truy cập',
    zn: '請為通行金鑰命名',
  },
  passkey_name_invalid: {
    en: 'Name: at most 40 characters',
    vn: 'Tên: tối đa 40 ký tự',
    zn: '名稱：最多 40 個字元',
  },
  passkey_answer_invalid: {
    en: 'The passkey answer is not valid',
    vn: 'Phản hồi khóa truy cập không hợp lệ',
    zn: '通行金鑰回應無效',
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
  order_id_required: { en: 'Please give the order number', vn: 'Vui lòng nhập mã lệnh', zn: '請提供訂單編號' },
  order_id_invalid: { en: 'Not a valid order number', vn: 'Mã lệnh không hợp lệ', zn: '訂單編號無效' },
  totp_invalid: { en: 'The code must be 6 digits', vn: 'Mã phải gồm 6 chữ số', zn: '驗證碼必須為 6 位數字' },
  two_factor_code_required: {
    en: 'Please enter the verification code',
    vn: 'Vui lòng nhập mã xác minh',
    zn: '請輸入驗證碼',
  },
  two_factor_code_invalid: {
    en: 'Enter the 6-digit code or a recovery code',
    vn: 'Nhập mã 6 chữ số hoặc một mã khôi phục',
    zn: '請輸入 6 位數驗證碼或一組備用碼',
  },
  login_challenge_invalid: {
    en: 'The sign-in step is not valid, please sign in again',
    vn: 'Bước đăng nhập không hợp lệ, vui lòng đăng nhập lại',
    zn: '登入步驟無效，請重新登入',
  },
  role_invalid: { en: 'Unknown role', vn: 'Vai trò không xác định', zn: '未知的角色' },
  liability_day_invalid: {
    en: 'A day is written YYYY-MM-DD',
    vn: 'Ngày được viết theo dạng YYYY-MM-DD',
    zn: '日期格式應為 YYYY-MM-DD',
  },
  liability_limit_invalid: {
    en: 'Ask for 1 to 100 days',
    vn: 'Hãy yêu cầu từ 1 đến 100 ngày',
    zn: '請查詢 1 至 100 天',
  },
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
  currency_invalid: {
    en: 'Enter a currency code such as VND or TWD',
    vn: 'Nhập mã tiền tệ, ví dụ VND hoặc TWD',
    zn: '請輸入幣別代碼，例如 VND 或 TWD',
  },
  rate_invalid: {
    en: 'Enter a rate above 0 (fiat per 1 USDT)',
    vn: 'Nhập tỷ giá lớn hơn 0 (số tiền pháp định cho 1 USDT)',
    zn: '請輸入大於 0 的匯率（每 1 USDT 兌換的法幣）',
  },
  bank_accounts_too_many: {
    en: 'At most 10 receiving accounts',
    vn: 'Tối đa 10 tài khoản nhận',
    zn: '收款帳戶最多 10 個',
  },
  bank_account_id_taken: {
    en: 'Two accounts have the same id',
    vn: 'Hai tài khoản có cùng mã',
    zn: '兩個帳戶的編號相同',
  },
  message_required: { en: 'Please enter a message', vn: 'Vui lòng nhập tin nhắn', zn: '請輸入訊息' },
  visitor_token_invalid: {
    en: 'The visitor id is not valid',
    vn: 'Mã khách truy cập không hợp lệ',
    zn: '訪客識別碼無效',
  },
  reason_required: { en: 'Please enter a reason', vn: 'Vui lòng nhập lý do', zn: '請輸入原因' },
  product_name_required: {
    en: 'Please enter the product name',
    vn: 'Vui lòng nhập tên sản phẩm',
    zn: '請輸入商品名稱',
  },
  product_name_en_required: {
    en: 'Please enter the product name in English',
    vn: 'Vui lòng nhập tên sản phẩm bằng tiếng Anh',
    zn: '請輸入商品的英文名稱',
  },
  product_name_too_long: {
    en: 'The product name is at most 64 characters',
    vn: 'Tên sản phẩm tối đa 64 ký tự',
    zn: '商品名稱最多 64 個字元',
  },
  sort_invalid: {
    en: 'The order must be a whole number from 0 to 10000',
    vn: 'Thứ tự phải là số nguyên từ 0 đến 10000',
    zn: '排序須為 0 至 10000 的整數',
  },
  fee_rate_invalid: {
    en: 'The fee rate must be 0 to 0.1 with at most 4 decimals',
    vn: 'Tỷ lệ phí phải từ 0 đến 0.1, tối đa 4 chữ số thập phân',
    zn: '手續費率須為 0 至 0.1，最多 4 位小數',
  },
  payout_rate_invalid: {
    en: 'The payout rate must be above 0 and at most 1, with at most 4 decimals',
    vn: 'Tỷ lệ trả thưởng phải lớn hơn 0 và tối đa 1, tối đa 4 chữ số thập phân',
    zn: '收益率須大於 0 且不超過 1，最多 4 位小數',
  },
  period_seconds_invalid: {
    en: 'The period must be a whole number of seconds from 10 to 86400',
    vn: 'Kỳ hạn phải là số giây nguyên từ 10 đến 86400',
    zn: '週期須為 10 至 86400 的整數秒',
  },
  period_duplicate: {
    en: 'This period is listed twice',
    vn: 'Kỳ hạn này bị lặp lại',
    zn: '此週期重複',
  },
  periods_required: {
    en: 'Add at least one period',
    vn: 'Thêm ít nhất một kỳ hạn',
    zn: '請至少新增一個週期',
  },
  periods_too_many: {
    en: 'At most 20 periods',
    vn: 'Tối đa 20 kỳ hạn',
    zn: '最多 20 個週期',
  },
  stake_invalid: {
    en: 'Enter a stake above 0 with at most 6 decimals',
    vn: 'Nhập số tiền lớn hơn 0, tối đa 6 chữ số thập phân',
    zn: '請輸入大於 0 且最多 6 位小數的金額',
  },
  stake_min_above_max: {
    en: 'The minimum stake must not be above the maximum',
    vn: 'Số tiền tối thiểu không được lớn hơn tối đa',
    zn: '最低金額不能高於最高金額',
  },
  wealth_product_required: { en: 'Please choose a product', vn: 'Vui lòng chọn sản phẩm', zn: '請選擇產品' },
  cycle_days_invalid: {
    en: 'The pledge cycle must be a whole number of days from 1 to 3650',
    vn: 'Chu kỳ phải là số ngày nguyên từ 1 đến 3650',
    zn: '質押週期須為 1 至 3650 的整數天',
  },
  daily_rate_invalid: {
    en: 'The daily rate must be above 0 and at most 0.1, with at most 6 decimals',
    vn: 'Lãi suất ngày phải lớn hơn 0 và tối đa 0.1, tối đa 6 chữ số thập phân',
    zn: '日收益率須大於 0 且不超過 0.1，最多 6 位小數',
  },
  limit_amount_invalid: {
    en: 'Enter an amount above 0 with at most 6 decimals',
    vn: 'Nhập số tiền lớn hơn 0, tối đa 6 chữ số thập phân',
    zn: '請輸入大於 0 且最多 6 位小數的金額',
  },
  wealth_min_above_max: {
    en: 'The single minimum must not be above the maximum per user',
    vn: 'Mức tối thiểu mỗi lần không được lớn hơn mức tối đa mỗi người',
    zn: '單筆最低金額不能高於每人上限',
  },
  open_orders_max_invalid: {
    en: 'Enter a whole number from 1 to 1000',
    vn: 'Nhập số nguyên từ 1 đến 1000',
    zn: '請輸入 1 至 1000 的整數',
  },
  content_language_required: {
    en: 'Enter the title and text in at least one language',
    vn: 'Nhập tiêu đề và nội dung bằng ít nhất một ngôn ngữ',
    zn: '請至少以一種語言填寫標題和內容',
  },
  content_title_required: {
    en: 'This text needs a title in the same language',
    vn: 'Nội dung này cần tiêu đề cùng ngôn ngữ',
    zn: '此內容需要同語言的標題',
  },
  content_body_required: {
    en: 'This title needs its text in the same language',
    vn: 'Tiêu đề này cần nội dung cùng ngôn ngữ',
    zn: '此標題需要同語言的內容',
  },
  slug_invalid: {
    en: 'Use 1 to 64 lowercase letters, digits and single hyphens',
    vn: 'Dùng 1 đến 64 chữ thường, chữ số và dấu gạch nối đơn',
    zn: '請使用 1 至 64 個小寫字母、數字和單一連字號',
  },
  help_category_invalid: { en: 'Choose a category', vn: 'Chọn một danh mục', zn: '請選擇分類' },
  flexible_rate_invalid: {
    en: 'Enter a daily rate from 0 to 1 (percent) with at most 6 decimals',
    vn: 'Nhập lãi suất ngày từ 0 đến 1 (%), tối đa 6 chữ số thập phân',
    zn: '請輸入 0 至 1（%）之間、最多 6 位小數的日利率',
  },
  referral_min_invitees_invalid: {
    en: 'Enter a whole number of invitees from 0',
    vn: 'Nhập số người được mời là số nguyên từ 0',
    zn: '請輸入 0 以上的整數人數',
  },
  referral_rate_invalid: {
    en: 'Enter a rate from 0 to 100% (0 to 10000 basis points)',
    vn: 'Nhập tỷ lệ từ 0 đến 100% (0 đến 10000 điểm cơ bản)',
    zn: '請輸入 0 至 100% 的比例（0 至 10000 基點）',
  },
  referral_levels_count: {
    en: 'The level table needs exactly 9 levels',
    vn: 'Bảng cấp độ cần đúng 9 cấp',
    zn: '等級表須剛好 9 個等級',
  },
  referral_first_level_from_zero: {
    en: 'Level 1 must start from 0 invitees',
    vn: 'Cấp 1 phải bắt đầu từ 0 người được mời',
    zn: '等級 1 須從 0 位受邀人開始',
  },
  referral_min_invitees_not_rising: {
    en: 'Each level needs more invitees than the level below',
    vn: 'Mỗi cấp cần nhiều người được mời hơn cấp dưới',
    zn: '每個等級所需受邀人數須多於下一級',
  },
  explorer_url_invalid: {
    en: 'Enter an https address with {hash} where the transaction id goes, or leave it empty',
    vn: 'Nhập địa chỉ https có {hash} tại vị trí mã giao dịch, hoặc để trống',
    zn: '請輸入 https 網址，並以 {hash} 標示交易哈希的位置，或留空',
  },
  time_ms_invalid: {
    en: 'Give the time as a whole number of Unix milliseconds',
    vn: 'Nhập thời gian là số mili giây Unix nguyên',
    zn: '請以整數 Unix 毫秒表示時間',
  },
  time_range_invalid: {
    en: 'The end of the range may not be before its start',
    vn: 'Thời điểm kết thúc không được trước thời điểm bắt đầu',
    zn: '結束時間不可早於開始時間',
  },
  seq_invalid: {
    en: 'The sequence number must be a whole number from 1',
    vn: 'Số thứ tự phải là số nguyên từ 1',
    zn: '序號必須為從 1 開始的整數',
  },
  fair_limit_invalid: {
    en: 'The limit must be a whole number from 1 to 1000',
    vn: 'Giới hạn phải là số nguyên từ 1 đến 1000',
    zn: '筆數上限須為 1 至 1000 的整數',
  },
  statement_date_invalid: {
    en: 'Choose a date (YYYY-MM-DD)',
    vn: 'Hãy chọn một ngày (YYYY-MM-DD)',
    zn: '請選擇日期（YYYY-MM-DD）',
  },
  referral_rate_falling: {
    en: 'A higher level may not have a lower rate',
    vn: 'Cấp cao hơn không được có tỷ lệ thấp hơn',
    zn: '較高等級的比例不可低於較低等級',
  },
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
