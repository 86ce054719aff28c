import { type HelpCategory, type LocalizedText, RISK_DISCLOSURE_SLUG } from '@app/contract/content';

/**
 * The help centre as first installed. Every statement follows the code: wallet rules
 * (withdrawals.service.ts, wallet-rules.ts), the settlement rule (orders/settlement.ts), the order
 * fee (order-rules.ts), the earn calendar (DESIGN.md 6.5) and referral (6.6). Amounts that operators
 * can change are `{placeholders}` filled from the settings in force when an article is read.
 * Operators edit these in the back office; a restart adds only articles whose slug is missing.
 */
export interface SeedArticle {
  slug: string;
  category: HelpCategory;
  sort: number;
  title: LocalizedText;
  body: LocalizedText;
}

export const SEED_HELP_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'account-security',
    category: 'account',
    sort: 10,
    title: {
      en: 'Your account and passwords',
      vn: 'Tài khoản và mật khẩu của bạn',
      zn: '您的帳戶與密碼',
    },
    body: {
      en: `Your account has two passwords: the login password, and a 6-digit payment password that confirms every money move (withdrawals, binding a card or address, earn purchases and redemptions).

## Limits that protect you
- Five wrong login passwords within 15 minutes lock the account for 15 minutes.
- Five wrong payment passwords lock money moves for 1 hour.
- Changing the login password signs out your other devices.

## Identity verification
Submit your real name, ID number and photos of both sides of your ID under Mine → Identity verification. A reviewer approves or rejects it with a reason. Withdrawals need an approved verification.

## Forgotten password
Contact customer support from the login page. Our staff will never ask you for your passwords.`,
      vn: `Tài khoản của bạn có hai mật khẩu: mật khẩu đăng nhập và mật khẩu thanh toán 6 chữ số dùng để xác nhận mọi giao dịch tiền (rút tiền, liên kết thẻ hoặc địa chỉ, mua và rút sản phẩm sinh lời).

## Giới hạn bảo vệ bạn
- Nhập sai mật khẩu đăng nhập năm lần trong 15 phút sẽ khóa tài khoản 15 phút.
- Nhập sai mật khẩu thanh toán năm lần sẽ khóa các giao dịch tiền trong 1 giờ.
- Đổi mật khẩu đăng nhập sẽ đăng xuất các thiết bị khác của bạn.

## Xác minh danh tính
Gửi họ tên thật, số giấy tờ và ảnh hai mặt giấy tờ tại Của tôi → Xác minh danh tính. Người duyệt sẽ chấp thuận hoặc từ chối kèm lý do. Rút tiền cần xác minh đã được chấp thuận.

## Quên mật khẩu
Liên hệ chăm sóc khách hàng từ trang đăng nhập. Nhân viên của chúng tôi không bao giờ hỏi mật khẩu của bạn.`,
      zn: `您的帳戶有兩組密碼：登入密碼，以及確認每一筆資金操作（提現、綁定銀行卡或地址、理財申購與贖回）的 6 位數支付密碼。

## 保護您的限制
- 15 分鐘內登入密碼輸錯五次，帳戶將鎖定 15 分鐘。
- 支付密碼輸錯五次，資金操作將鎖定 1 小時。
- 修改登入密碼後，您其他裝置上的登入會失效。

## 身分認證
請在「我的 → 實名認證」提交真實姓名、證件號碼及證件正反面照片。審核人員會通過或附上原因駁回。提現需要已通過的身分認證。

## 忘記密碼
請從登入頁聯繫線上客服。我們的工作人員絕不會向您索取密碼。`,
    },
  },
  {
    slug: 'how-deposits-work',
    category: 'wallet',
    sort: 10,
    title: { en: 'How deposits work', vn: 'Cách nạp tiền', zn: '如何充值' },
    body: {
      en: `You can deposit {currency} in two ways. The minimum deposit is {depositMinAmount} {currency}.

## TRC20 (USDT on the TRON network)
- Open Deposit and choose TRC20. The page shows your own deposit address and its QR code.
- Send only USDT on the TRON (TRC20) network to this address. Other coins or networks cannot be recovered.
- After sending, enter the amount and the transaction hash (64 characters) and submit. A hash can be used only once.

## Bank transfer
- When bank deposits are offered, the page shows the platform's receiving account.
- Transfer the money, then submit the amount, and attach a photo of the payment proof if you have one.

## Review
Every deposit request starts as pending. A finance operator checks it and either confirms it, which credits your available balance exactly once, or rejects it with a reason. You can follow each request in your deposit records. The platform charges no deposit fee; any network or bank fee of your transfer is yours.`,
      vn: `Bạn có thể nạp {currency} theo hai cách. Số tiền nạp tối thiểu là {depositMinAmount} {currency}.

## TRC20 (USDT trên mạng TRON)
- Mở Nạp tiền và chọn TRC20. Trang hiển thị địa chỉ nạp riêng của bạn và mã QR.
- Chỉ gửi USDT trên mạng TRON (TRC20) đến địa chỉ này. Coin hoặc mạng khác sẽ không thể khôi phục.
- Sau khi gửi, nhập số tiền và mã giao dịch (64 ký tự) rồi gửi yêu cầu. Mỗi mã giao dịch chỉ dùng được một lần.

## Chuyển khoản ngân hàng
- Khi có hình thức nạp qua ngân hàng, trang sẽ hiển thị tài khoản nhận của nền tảng.
- Chuyển tiền, sau đó gửi số tiền và đính kèm ảnh chứng từ thanh toán nếu có.

## Xét duyệt
Mọi yêu cầu nạp đều bắt đầu ở trạng thái chờ duyệt. Nhân viên tài chính kiểm tra rồi xác nhận (cộng vào số dư khả dụng đúng một lần) hoặc từ chối kèm lý do. Bạn có thể theo dõi từng yêu cầu trong lịch sử nạp tiền. Nền tảng không thu phí nạp; phí mạng hoặc phí ngân hàng khi chuyển do bạn chịu.`,
      zn: `您可以透過兩種方式充值 {currency}。最低充值金額為 {depositMinAmount} {currency}。

## TRC20（TRON 網路上的 USDT）
- 開啟「充值」並選擇 TRC20，頁面會顯示您專屬的充值地址及其 QR 碼。
- 請僅向此地址轉入 TRON（TRC20）網路上的 USDT，其他幣種或網路將無法找回。
- 轉帳後，輸入金額與交易哈希（64 個字元）並提交。每個交易哈希只能使用一次。

## 銀行轉帳
- 開放銀行充值時，頁面會顯示平台的收款帳戶。
- 完成轉帳後提交金額，如有付款憑證請附上照片。

## 審核
每筆充值申請都從「待審核」開始。財務人員核對後會確認（將金額計入您的可用餘額，且只計入一次）或附上原因駁回。您可以在充值記錄中查看每筆申請。平台不收取充值手續費；您轉帳時產生的網路或銀行費用由您自行負擔。`,
    },
  },
  {
    slug: 'how-withdrawals-work',
    category: 'wallet',
    sort: 20,
    title: { en: 'How withdrawals work', vn: 'Cách rút tiền', zn: '如何提現' },
    body: {
      en: `Money leaves only by your own request, and only to a destination bound to your account: your bank card, or one of your TRC20 addresses (up to 5). Nobody can send it anywhere else.

## Before your first withdrawal
- Set your payment password.
- Have your identity verification approved.
- Bind a bank card or a TRC20 address.

## The rules
- Minimum withdrawal: {withdrawMinAmount} {currency}.
- Fee: {withdrawFeeFixed} {currency} plus {withdrawFeePercent}% of the amount, rounded up to 0.000001 {currency}. The fee is taken from the amount: you receive the amount minus the fee.
- At most {withdrawDailyCountMax} withdrawal requests per day.

## What happens
- When you submit, the amount moves from your available balance to frozen.
- A finance operator reviews the request. Withdrawals of {withdrawSecondApprovalFrom} {currency} or more also need a second operator's approval.
- Approved: the amount minus the fee is paid to your card or address and the request shows success.
- Rejected: the whole amount returns to your available balance, with the reason.`,
      vn: `Tiền chỉ được rút theo yêu cầu của chính bạn và chỉ đến nơi đã liên kết với tài khoản: thẻ ngân hàng của bạn hoặc một trong các địa chỉ TRC20 của bạn (tối đa 5). Không ai có thể chuyển tiền đi nơi khác.

## Trước lần rút đầu tiên
- Đặt mật khẩu thanh toán.
- Được chấp thuận xác minh danh tính.
- Liên kết thẻ ngân hàng hoặc địa chỉ TRC20.

## Quy định
- Số tiền rút tối thiểu: {withdrawMinAmount} {currency}.
- Phí: {withdrawFeeFixed} {currency} cộng {withdrawFeePercent}% số tiền, làm tròn lên đến 0.000001 {currency}. Phí được trừ vào số tiền rút: bạn nhận số tiền trừ phí.
- Tối đa {withdrawDailyCountMax} yêu cầu rút tiền mỗi ngày.

## Quy trình
- Khi gửi yêu cầu, số tiền chuyển từ số dư khả dụng sang số dư đóng băng.
- Nhân viên tài chính xét duyệt yêu cầu. Khoản rút từ {withdrawSecondApprovalFrom} {currency} trở lên cần thêm sự chấp thuận của nhân viên thứ hai.
- Được duyệt: số tiền trừ phí được chuyển đến thẻ hoặc địa chỉ của bạn và yêu cầu hiển thị thành công.
- Bị từ chối: toàn bộ số tiền trở lại số dư khả dụng, kèm lý do.`,
      zn: `資金只會依您本人的申請轉出，且只轉到已綁定您帳戶的目的地：您的銀行卡，或您的 TRC20 地址之一（最多 5 個）。任何人都無法將資金轉往他處。

## 首次提現前
- 設定支付密碼。
- 通過身分認證。
- 綁定銀行卡或 TRC20 地址。

## 規則
- 最低提現金額：{withdrawMinAmount} {currency}。
- 手續費：{withdrawFeeFixed} {currency} 加上金額的 {withdrawFeePercent}%，向上取整至 0.000001 {currency}。手續費從提現金額中扣除：您實際收到金額減去手續費。
- 每日最多 {withdrawDailyCountMax} 筆提現申請。

## 處理流程
- 提交後，金額從可用餘額轉入凍結餘額。
- 財務人員審核申請。{withdrawSecondApprovalFrom} {currency} 以上（含）的提現還需第二位人員核准。
- 核准：扣除手續費後的金額支付到您的銀行卡或地址，申請顯示成功。
- 駁回：全部金額退回您的可用餘額，並附上原因。`,
    },
  },
  {
    slug: 'buy-rise-buy-fall',
    category: 'trading',
    sort: 10,
    title: {
      en: 'How buy rise / buy fall orders work',
      vn: 'Cách lệnh mua lên / mua xuống hoạt động',
      zn: '買漲／買跌訂單如何運作',
    },
    body: {
      en: `A timed order is a prediction of whether a product's price will be higher or lower at the end of a fixed period.

## Placing an order
- Open a product, choose buy rise or buy fall, a period (for example 30, 60, 120 or 300 seconds) and a stake.
- Each period has its own payout rate and minimum and maximum stake, shown on the order screen.
- The fee is the stake × the product's fee rate, rounded up to 0.000001 {currency}. The stake plus the fee leave your available balance when the order is accepted; the stake is held until settlement.
- The order is refused when the latest price is more than 5 seconds old, when the stake is outside the limits, when your balance is short, or when you already hold the most open orders allowed.
- The payout rate is fixed when the order is accepted.

## The result
- Win: you receive the stake × (1 + payout rate). For example a 100 {currency} stake at a 0.85 payout rate returns 185 {currency}.
- Loss: the stake is lost.
- Tie (the exit price equals the entry price): the stake returns; the fee is kept.
- Void: the stake and the fee both return.

How the entry and exit prices are chosen is explained in "The settlement rule". Every settled order shows its entry and exit price with their times, so you can check the result yourself.`,
      vn: `Lệnh có thời hạn là dự đoán giá của một sản phẩm sẽ cao hơn hay thấp hơn khi kết thúc một khoảng thời gian cố định.

## Đặt lệnh
- Mở một sản phẩm, chọn mua lên hoặc mua xuống, một kỳ hạn (ví dụ 30, 60, 120 hoặc 300 giây) và số tiền đặt.
- Mỗi kỳ hạn có tỷ lệ trả thưởng và mức đặt tối thiểu, tối đa riêng, hiển thị trên màn hình đặt lệnh.
- Phí bằng số tiền đặt × tỷ lệ phí của sản phẩm, làm tròn lên đến 0.000001 {currency}. Số tiền đặt cộng phí được trừ khỏi số dư khả dụng khi lệnh được chấp nhận; số tiền đặt được giữ đến khi thanh toán.
- Lệnh bị từ chối khi giá mới nhất đã cũ hơn 5 giây, khi số tiền đặt nằm ngoài giới hạn, khi số dư không đủ, hoặc khi bạn đã có số lệnh mở tối đa cho phép.
- Tỷ lệ trả thưởng được cố định tại thời điểm lệnh được chấp nhận.

## Kết quả
- Thắng: bạn nhận số tiền đặt × (1 + tỷ lệ trả thưởng). Ví dụ đặt 100 {currency} với tỷ lệ 0.85 sẽ nhận lại 185 {currency}.
- Thua: mất số tiền đặt.
- Hòa (giá kết thúc bằng giá vào lệnh): hoàn lại số tiền đặt; phí không được hoàn.
- Vô hiệu: hoàn lại cả số tiền đặt và phí.

Cách chọn giá vào lệnh và giá kết thúc được giải thích trong "Quy tắc thanh toán". Mỗi lệnh đã thanh toán đều hiển thị giá vào lệnh và giá kết thúc cùng thời điểm của chúng, để bạn tự kiểm tra kết quả.`,
      zn: `定時訂單是預測某商品的價格在固定週期結束時會更高還是更低。

## 下單
- 開啟商品，選擇買漲或買跌、週期（例如 30、60、120 或 300 秒）及下單金額。
- 每個週期有各自的收益率及最低、最高金額，顯示在下單畫面上。
- 手續費為下單金額 × 該商品的手續費率，向上取整至 0.000001 {currency}。訂單被接受時，下單金額加手續費從可用餘額扣除；下單金額保留至結算。
- 當最新價格已超過 5 秒、金額超出限制、餘額不足，或您的持倉訂單已達上限時，訂單會被拒絕。
- 收益率在訂單被接受時即固定。

## 結果
- 獲利：您收到下單金額 × (1 + 收益率)。例如以 0.85 的收益率下單 100 {currency}，將收回 185 {currency}。
- 虧損：損失下單金額。
- 平局（結束價等於進場價）：退回下單金額，手續費不退。
- 作廢：下單金額與手續費全部退回。

進場價與結束價如何決定，請見「結算規則」。每筆已結算的訂單都會顯示進場價與結束價及其時間，您可以自行核對結果。`,
    },
  },
  {
    slug: 'settlement-rule',
    category: 'trading',
    sort: 20,
    title: { en: 'The settlement rule', vn: 'Quy tắc thanh toán', zn: '結算規則' },
    body: {
      en: `Every order settles only from the price ticks the server recorded, by this rule. There is no setting, screen or person that can change a result, edit price history or target a user.

## Entry price
The first tick recorded strictly after the server accepted your order. Nobody can trade on a price that is already known. If no tick arrives within 5 seconds, the order is void.

## End time and exit price
- End time = the moment the order was accepted + the period.
- Exit price = the last tick recorded at or before the end time.
- If no tick was recorded in the 5 seconds before the end time (a feed outage), the order is void.

## Who wins
- Buy rise wins when the exit price is above the entry price.
- Buy fall wins when the exit price is below the entry price.
- Equal prices are a tie: the stake returns and the fee is kept.
- A void order returns the stake and the fee.

## Timing
All times come from the server clock that stamps the ticks, never from your device. Orders settle within about a second of their end time, exactly once; after a restart, overdue orders settle from the recorded ticks. Each settled order keeps its entry and exit tick and the lowest and highest price in its window.`,
      vn: `Mọi lệnh chỉ được thanh toán dựa trên các mức giá (tick) mà máy chủ đã ghi lại, theo quy tắc dưới đây. Không có cài đặt, màn hình hay người nào có thể thay đổi kết quả, sửa lịch sử giá hoặc nhắm vào một người dùng.

## Giá vào lệnh
Là tick đầu tiên được ghi sau (không bao gồm) thời điểm máy chủ chấp nhận lệnh của bạn. Không ai có thể giao dịch bằng một mức giá đã biết trước. Nếu không có tick nào trong 5 giây, lệnh bị vô hiệu.

## Thời điểm kết thúc và giá kết thúc
- Thời điểm kết thúc = thời điểm lệnh được chấp nhận + kỳ hạn.
- Giá kết thúc = tick cuối cùng được ghi tại hoặc trước thời điểm kết thúc.
- Nếu không có tick nào được ghi trong 5 giây trước thời điểm kết thúc (mất nguồn giá), lệnh bị vô hiệu.

## Ai thắng
- Mua lên thắng khi giá kết thúc cao hơn giá vào lệnh.
- Mua xuống thắng khi giá kết thúc thấp hơn giá vào lệnh.
- Hai giá bằng nhau là hòa: hoàn lại số tiền đặt, phí không được hoàn.
- Lệnh vô hiệu được hoàn lại cả số tiền đặt và phí.

## Thời gian
Mọi thời điểm đều lấy từ đồng hồ máy chủ dùng để đóng dấu tick, không bao giờ từ thiết bị của bạn. Lệnh được thanh toán trong khoảng một giây sau thời điểm kết thúc, đúng một lần; sau khi khởi động lại, các lệnh quá hạn được thanh toán từ các tick đã ghi. Mỗi lệnh đã thanh toán lưu lại tick vào lệnh, tick kết thúc, giá thấp nhất và cao nhất trong khoảng thời gian của lệnh.`,
      zn: `每筆訂單僅依伺服器記錄的價格跳動（tick）按以下規則結算。沒有任何設定、畫面或人員能更改結果、修改價格歷史或針對某位用戶。

## 進場價
伺服器接受您的訂單之後（不含當下）記錄的第一個 tick。任何人都無法以已知的價格交易。若 5 秒內沒有 tick，訂單作廢。

## 結束時間與結束價
- 結束時間 = 訂單被接受的時刻 + 週期。
- 結束價 = 在結束時間或之前記錄的最後一個 tick。
- 若結束時間前 5 秒內沒有記錄任何 tick（行情中斷），訂單作廢。

## 輸贏判定
- 結束價高於進場價時，買漲獲利。
- 結束價低於進場價時，買跌獲利。
- 兩價相等為平局：退回下單金額，手續費不退。
- 作廢的訂單退回下單金額與手續費。

## 時間
所有時間都以為 tick 蓋時間戳的伺服器時鐘為準，絕不採用您裝置的時間。訂單在結束時間後約一秒內結算，且只結算一次；伺服器重啟後，逾期訂單會依已記錄的 tick 結算。每筆已結算訂單都保存其進場與結束 tick，以及期間內的最低價與最高價。`,
    },
  },
  {
    slug: 'fees',
    category: 'trading',
    sort: 30,
    title: { en: 'Fees', vn: 'Các loại phí', zn: '費用說明' },
    body: {
      en: `## Timed orders
The fee is the stake × the product's fee rate (shown on the order screen), rounded up to 0.000001 {currency}, paid on top of the stake when the order is accepted. It is kept on a win, a loss and a tie, and returned only when the order is void.

## Withdrawals
{withdrawFeeFixed} {currency} plus {withdrawFeePercent}% of the amount, rounded up to 0.000001 {currency}, taken from the amount withdrawn. A rejected withdrawal costs nothing.

## Deposits
No platform fee. Network or bank charges of your own transfer are yours.

## Earn products
No fee to buy, subscribe or redeem. Interest is paid in full as shown.

## Referral cashback
Paid by the platform. Your invitees pay nothing extra because of it.`,
      vn: `## Lệnh có thời hạn
Phí bằng số tiền đặt × tỷ lệ phí của sản phẩm (hiển thị trên màn hình đặt lệnh), làm tròn lên đến 0.000001 {currency}, thu thêm ngoài số tiền đặt khi lệnh được chấp nhận. Phí không được hoàn khi thắng, thua hay hòa; chỉ được hoàn khi lệnh vô hiệu.

## Rút tiền
{withdrawFeeFixed} {currency} cộng {withdrawFeePercent}% số tiền, làm tròn lên đến 0.000001 {currency}, trừ vào số tiền rút. Yêu cầu rút bị từ chối không mất phí.

## Nạp tiền
Nền tảng không thu phí. Phí mạng hoặc phí ngân hàng khi bạn chuyển tiền do bạn chịu.

## Sản phẩm sinh lời
Không mất phí khi mua, gửi hoặc rút. Tiền lãi được trả đầy đủ như hiển thị.

## Hoàn phí giới thiệu
Do nền tảng chi trả. Người được bạn mời không phải trả thêm bất cứ khoản nào.`,
      zn: `## 定時訂單
手續費為下單金額 × 該商品的手續費率（顯示在下單畫面），向上取整至 0.000001 {currency}，於訂單被接受時在下單金額之外另行收取。獲利、虧損或平局時均不退還，僅在訂單作廢時退回。

## 提現
{withdrawFeeFixed} {currency} 加上金額的 {withdrawFeePercent}%，向上取整至 0.000001 {currency}，從提現金額中扣除。被駁回的提現不收取任何費用。

## 充值
平台不收取手續費。您自行轉帳產生的網路或銀行費用由您負擔。

## 理財產品
申購、存入及贖回均不收費。利息按顯示金額全額發放。

## 邀請返佣
由平台支付，您邀請的好友不會因此多付任何費用。`,
    },
  },
  {
    slug: 'locked-deposits',
    category: 'earn',
    sort: 10,
    title: { en: 'How locked deposits work', vn: 'Cách gửi tiết kiệm có kỳ hạn hoạt động', zn: '定期理財如何運作' },
    body: {
      en: `A locked deposit pays a fixed daily rate for a fixed number of days (the cycle). Each product shows its daily rate, cycle, single minimum, maximum per user and remaining quota.

## Buying
Enter the amount and your payment password. The amount moves from your available balance to locked. The quote before buying shows the estimated earnings (amount × daily rate × days) and the start and end dates.

## Interest
- Interest accrues from the day after the purchase day; the purchase day itself earns nothing.
- Each day's interest is the amount × the daily rate, rounded down to 0.000001 {currency}.
- It is paid to your available balance at 00:00 platform time ({platformTimeZone}) at the end of that day.

Example: bought on 10 March (at any time that day) for 7 days: interest for 11 to 17 March, paid at 00:00 on 12 to 18 March.

## Maturity
At 00:00 after the last interest day, the principal returns to your available balance together with the last day's interest, and the order becomes complete. There is no early redemption.`,
      vn: `Gửi tiết kiệm có kỳ hạn trả lãi theo tỷ lệ cố định mỗi ngày trong một số ngày cố định (chu kỳ). Mỗi sản phẩm hiển thị lãi suất ngày, chu kỳ, mức tối thiểu mỗi lần, mức tối đa mỗi người và hạn mức còn lại.

## Mua
Nhập số tiền và mật khẩu thanh toán. Số tiền chuyển từ số dư khả dụng sang số dư khóa. Báo giá trước khi mua hiển thị lợi nhuận dự kiến (số tiền × lãi suất ngày × số ngày) cùng ngày bắt đầu và ngày kết thúc.

## Tiền lãi
- Lãi được tính từ ngày sau ngày mua; ngày mua không có lãi.
- Lãi mỗi ngày bằng số tiền × lãi suất ngày, làm tròn xuống đến 0.000001 {currency}.
- Lãi được trả vào số dư khả dụng lúc 00:00 giờ nền tảng ({platformTimeZone}) khi ngày đó kết thúc.

Ví dụ: mua ngày 10 tháng 3 (bất kỳ giờ nào trong ngày) với kỳ hạn 7 ngày: lãi cho các ngày 11 đến 17 tháng 3, trả lúc 00:00 các ngày 12 đến 18 tháng 3.

## Đáo hạn
Lúc 00:00 sau ngày tính lãi cuối cùng, tiền gốc trở về số dư khả dụng cùng với lãi của ngày cuối, và lệnh chuyển sang hoàn thành. Không thể rút trước hạn.`,
      zn: `定期理財在固定天數（週期）內按固定日收益率付息。每個產品會顯示日收益率、週期、單筆最低金額、每人上限及剩餘額度。

## 申購
輸入金額與支付密碼，金額會從可用餘額轉入鎖定餘額。申購前的試算會顯示預估收益（金額 × 日收益率 × 天數）以及起息日與到期日。

## 利息
- 利息從申購日的次日起計；申購當日不計息。
- 每日利息為金額 × 日收益率，向下取整至 0.000001 {currency}。
- 於當日結束時、平台時間（{platformTimeZone}）00:00 發放至您的可用餘額。

例如：3 月 10 日（當日任何時間）申購 7 天期：計息日為 3 月 11 日至 17 日，於 3 月 12 日至 18 日的 00:00 發放。

## 到期
最後一個計息日之後的 00:00，本金連同最後一天的利息退回您的可用餘額，訂單變為已完成。不可提前贖回。`,
    },
  },
  {
    slug: 'flexible-earn',
    category: 'earn',
    sort: 20,
    title: { en: 'How flexible earn works', vn: 'Cách sinh lời linh hoạt hoạt động', zn: '活期理財如何運作' },
    body: {
      en: `Flexible earn pays daily interest on money you can take back at any time. It uses your in-app balance only: there is never a wallet authorisation or token approval of any kind.

## Subscribe and redeem
- Subscribe: the amount moves from your available balance to flexible earn, confirmed with your payment password.
- Redeem: any part of it moves back to your available balance at once.

## Interest
- Each day's interest is paid on the lowest flexible balance you held through that whole day (platform time, {platformTimeZone}), at the current daily rate, rounded down to 0.000001 {currency}.
- It is paid to your available balance at 00:00 at the end of that day.
- So money subscribed during a day starts earning on the next full day, and money redeemed during a day earns nothing for that day.

The screen shows what you hold, yesterday's profit, your total profit, the current daily rate and your history.`,
      vn: `Sinh lời linh hoạt trả lãi hằng ngày cho số tiền mà bạn có thể rút lại bất cứ lúc nào. Sản phẩm chỉ dùng số dư trong ứng dụng: không bao giờ có bất kỳ hình thức ủy quyền ví hay phê duyệt token nào.

## Gửi và rút
- Gửi: số tiền chuyển từ số dư khả dụng sang sinh lời linh hoạt, xác nhận bằng mật khẩu thanh toán.
- Rút: bất kỳ phần nào cũng được chuyển ngay về số dư khả dụng.

## Tiền lãi
- Lãi mỗi ngày được tính trên số dư linh hoạt thấp nhất mà bạn giữ trong suốt ngày đó (giờ nền tảng, {platformTimeZone}), theo lãi suất ngày hiện hành, làm tròn xuống đến 0.000001 {currency}.
- Lãi được trả vào số dư khả dụng lúc 00:00 khi ngày đó kết thúc.
- Vì vậy tiền gửi vào trong ngày bắt đầu sinh lãi từ ngày trọn vẹn tiếp theo, và tiền rút ra trong ngày không có lãi của ngày đó.

Màn hình hiển thị số tiền đang giữ, lợi nhuận hôm qua, tổng lợi nhuận, lãi suất ngày hiện hành và lịch sử.`,
      zn: `活期理財為您可隨時取回的資金按日付息。只使用您的站內餘額：絕不會有任何形式的錢包授權或代幣授權。

## 存入與贖回
- 存入：金額從可用餘額轉入活期理財，以支付密碼確認。
- 贖回：任何部分都會立即轉回您的可用餘額。

## 利息
- 每日利息按您當日全天（平台時間，{platformTimeZone}）持有的最低活期餘額，以當前日收益率計算，向下取整至 0.000001 {currency}。
- 於當日結束時的 00:00 發放至您的可用餘額。
- 因此當日存入的資金從下一個完整日開始計息，當日贖回的資金不計當日利息。

畫面會顯示持有金額、昨日收益、累計收益、當前日收益率及歷史記錄。`,
    },
  },
  {
    slug: 'referral',
    category: 'referral',
    sort: 10,
    title: {
      en: 'Invite friends: levels and cashback',
      vn: 'Mời bạn bè: cấp độ và hoàn phí',
      zn: '邀請好友：等級與返佣',
    },
    body: {
      en: `Share your invite code or link. Friends who register with it become your direct invitees.

## Levels
Your level (1 to 9) follows the number of your direct invitees who have had a deposit approved. The thresholds and the cashback rate of each level are in the level table on the invite screen.

## Cashback
Each time an order of a direct invitee settles, you receive your level's rate × that order's fee, credited to your available balance at settlement. A void order has no fee and so no cashback.

## Single tier only
Only your direct invitees count. People invited by your invitees earn you nothing: this is a referral reward, never a pyramid. Your invitees pay nothing extra because of it.`,
      vn: `Chia sẻ mã mời hoặc liên kết mời của bạn. Bạn bè đăng ký bằng mã đó sẽ trở thành người được mời trực tiếp của bạn.

## Cấp độ
Cấp độ của bạn (1 đến 9) dựa trên số người được mời trực tiếp đã có khoản nạp được chấp thuận. Ngưỡng và tỷ lệ hoàn phí của từng cấp nằm trong bảng cấp độ ở màn hình mời bạn bè.

## Hoàn phí
Mỗi khi một lệnh của người được mời trực tiếp được thanh toán, bạn nhận tỷ lệ của cấp độ mình × phí của lệnh đó, cộng vào số dư khả dụng ngay khi thanh toán. Lệnh vô hiệu không có phí nên không có hoàn phí.

## Chỉ một tầng
Chỉ người được mời trực tiếp mới được tính. Người do người được mời của bạn giới thiệu không mang lại gì cho bạn: đây là phần thưởng giới thiệu, không bao giờ là mô hình kim tự tháp. Người được bạn mời không phải trả thêm khoản nào.`,
      zn: `分享您的邀請碼或邀請連結。使用它註冊的好友會成為您的直接邀請對象。

## 等級
您的等級（1 至 9）取決於已有充值獲核准的直接邀請對象人數。各等級的門檻與返佣比例列在邀請頁面的等級表中。

## 返佣
每當直接邀請對象的訂單結算時，您會獲得您等級的比例 × 該訂單的手續費，於結算時計入您的可用餘額。作廢的訂單沒有手續費，因此沒有返佣。

## 僅限一級
只計算您的直接邀請對象。您邀請的好友再邀請的人不會為您帶來任何收益：這是推薦獎勵，絕非傳銷。您邀請的好友也不會因此多付任何費用。`,
    },
  },
  {
    slug: RISK_DISCLOSURE_SLUG,
    category: 'risk',
    sort: 10,
    title: { en: 'Risk disclosure', vn: 'Công bố rủi ro', zn: '風險揭示' },
    body: {
      en: `Please read this before your first order.

## Simulated markets
By default the prices in this app come from a built-in simulation, not from a real exchange. Every screen that shows prices says whether a product's price is simulated or live. A simulated price says nothing about any real market.

## You can lose the whole stake
A timed order either wins, loses, ties or is void. On a loss the whole stake is gone, and the fee is kept on a win, a loss and a tie. Short periods move quickly and results over many orders can add up to large losses. Past results do not predict future ones. Only use money you can afford to lose.

## Earn products
Money in a locked deposit cannot be taken out before maturity. Interest rates can be changed by the platform for new purchases and, for flexible earn, from day to day. Your balances are held by the platform, so they depend on the platform itself.

## What we promise
- Orders settle only from recorded price ticks, by the published settlement rule; nobody can change a result or pick an outcome.
- Money leaves only by your request, to your own bound card or address.
- We will never ask for your passwords or for any wallet authorisation.`,
      vn: `Vui lòng đọc trước khi đặt lệnh đầu tiên.

## Thị trường mô phỏng
Theo mặc định, giá trong ứng dụng này đến từ một mô phỏng tích hợp, không phải từ sàn giao dịch thật. Mọi màn hình hiển thị giá đều cho biết giá của sản phẩm là mô phỏng hay thực. Giá mô phỏng không phản ánh bất kỳ thị trường thật nào.

## Bạn có thể mất toàn bộ số tiền đặt
Một lệnh có thời hạn có thể thắng, thua, hòa hoặc vô hiệu. Khi thua, bạn mất toàn bộ số tiền đặt; phí không được hoàn khi thắng, thua hay hòa. Kỳ hạn ngắn biến động nhanh và kết quả của nhiều lệnh có thể cộng dồn thành khoản lỗ lớn. Kết quả trong quá khứ không dự báo tương lai. Chỉ dùng số tiền bạn có thể chấp nhận mất.

## Sản phẩm sinh lời
Tiền gửi có kỳ hạn không thể rút ra trước ngày đáo hạn. Nền tảng có thể thay đổi lãi suất cho các lần mua mới và, với sinh lời linh hoạt, theo từng ngày. Số dư của bạn do nền tảng nắm giữ nên phụ thuộc vào chính nền tảng.

## Cam kết của chúng tôi
- Lệnh chỉ được thanh toán từ các tick giá đã ghi, theo quy tắc thanh toán đã công bố; không ai có thể thay đổi kết quả hay chọn kết cục.
- Tiền chỉ được rút theo yêu cầu của bạn, đến thẻ hoặc địa chỉ đã liên kết của chính bạn.
- Chúng tôi không bao giờ hỏi mật khẩu của bạn hay yêu cầu bất kỳ ủy quyền ví nào.`,
      zn: `請在首次下單前閱讀。

## 模擬行情
預設情況下，本應用的價格來自內建的模擬行情，而非真實交易所。每個顯示價格的畫面都會標示該商品的價格是模擬還是即時。模擬價格不代表任何真實市場。

## 您可能損失全部下單金額
定時訂單的結果可能是獲利、虧損、平局或作廢。虧損時將損失全部下單金額；獲利、虧損或平局時手續費均不退還。短週期變化快速，多筆訂單的結果可能累積成大額虧損。過去的結果不能預測未來。請僅使用您能承受損失的資金。

## 理財產品
定期理財的資金在到期前無法取出。平台可調整新申購的收益率，活期理財的收益率也可能逐日調整。您的餘額由平台保管，因此取決於平台本身。

## 我們的承諾
- 訂單僅依已記錄的價格 tick、按公布的結算規則結算；任何人都無法更改結果或指定輸贏。
- 資金只依您的申請轉出，且只轉到您本人綁定的銀行卡或地址。
- 我們絕不會索取您的密碼或任何錢包授權。`,
    },
  },
];

/** The announcement every new installation starts with. */
export const WELCOME_NOTICE = {
  seedKey: 'welcome',
  title: {
    en: 'Welcome',
    vn: 'Chào mừng bạn',
    zn: '歡迎加入',
  },
  body: {
    en: `Welcome aboard. Deposit, trade timed orders, earn daily interest and invite friends, all in one app.

Prices are simulated by default and every price screen says so. Please read the risk disclosure in the help centre before your first order.

Questions? Our support team is in the Support tab.`,
    vn: `Chào mừng bạn. Nạp tiền, giao dịch lệnh có thời hạn, nhận lãi hằng ngày và mời bạn bè, tất cả trong một ứng dụng.

Giá được mô phỏng theo mặc định và mọi màn hình giá đều ghi rõ điều đó. Vui lòng đọc công bố rủi ro trong trung tâm trợ giúp trước khi đặt lệnh đầu tiên.

Có câu hỏi? Đội ngũ hỗ trợ luôn ở thẻ Hỗ trợ.`,
    zn: `歡迎加入。充值、定時交易、每日收益、邀請好友，一個應用全部搞定。

價格預設為模擬行情，每個價格畫面都有標示。首次下單前，請先閱讀說明中心的風險揭示。

有任何問題？客服團隊就在「客服」分頁。`,
  },
} satisfies { seedKey: string; title: LocalizedText; body: LocalizedText };
